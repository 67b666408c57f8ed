/**
 * The swipeable photo slider of the listing carousel (mf-listing) and the map popup (mf-search):
 * react-slick with a loop and the indicator row of ./photo-indicator (dots, or past
 * CAROUSEL_MAX_DOTS photos previous/next and '3 / 30'). Like ./map, imported only by code loaded
 * after the first paint, so react-slick stays off the critical path; each remote bundles its copy.
 */
import { useRef, type ReactNode } from 'react';
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import { photoCounter, usesCounter } from './photo-indicator';

export { INDICATOR_HEIGHT, IndicatorPreview, photoCounter, usesCounter } from './photo-indicator';

export interface PhotoSliderProps {
  count: number;
  initialSlide?: number;
  children: ReactNode;
}

/** The index of the dot slick marked active (its `li` carries `slick-active`). */
function activeIndex(dots: ReactNode): number {
  const list = Array.isArray(dots) ? (dots as { props?: { className?: unknown } }[]) : [];
  return Math.max(0, list.findIndex((d) => String(d?.props?.className ?? '').includes('slick-active')));
}

export function PhotoSlider({ count, initialSlide = 0, children }: PhotoSliderProps) {
  const slider = useRef<Slider>(null);
  // slick still computes its dots (so it says which photo is shown); the row draws them as a counter
  const counter = usesCounter(count)
    ? {
        dotsClass: 'slick-dots photo-counter',
        appendDots: (dots: ReactNode) => (
          <div>
            <button type="button" className="photo-counter__step" aria-label="Foto anterior" onClick={() => slider.current?.slickPrev()}>
              ‹
            </button>
            <span className="photo-counter__text" aria-live="polite">
              {photoCounter(activeIndex(dots), count)}
            </span>
            <button type="button" className="photo-counter__step" aria-label="Foto siguiente" onClick={() => slider.current?.slickNext()}>
              ›
            </button>
          </div>
        ),
      }
    : {};
  return (
    // waitForAnimate off: a press during a slide still moves on (slick drops it otherwise, and the
    // counter's buttons are pressed in quick succession)
    <Slider ref={slider} dots infinite arrows={false} adaptiveHeight={false} speed={300} waitForAnimate={false} slidesToShow={1} slidesToScroll={1} initialSlide={initialSlide} {...counter}>
      {children}
    </Slider>
  );
}
