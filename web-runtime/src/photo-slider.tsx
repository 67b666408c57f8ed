/**
 * The swipeable photo slider of the listing carousel (mf-listing) and the map popup (mf-search):
 * react-slick with a loop, under it the navigation row of ./photo-indicator (previous, the one
 * position control "Foto 3 de 12", next). Imported only by code loaded after the first paint, so
 * react-slick stays off the critical path. ONE copy per page: this module is a federation
 * singleton provided by the shell (shared-contracts/src/shared-modules.js, issue 47). slick's
 * structural CSS is ./photo-slider.css: no slick-carousel theme, icon font or jquery.
 */
import { useRef, useState, type ReactNode } from 'react';
import Slider from 'react-slick';
import './photo-slider.css';
import { INDICATOR_HEIGHT, PhotoNav } from './photo-indicator';

export { INDICATOR_HEIGHT, IndicatorPreview, PhotoNav, photoCounter, photoPosition, usesCounter } from './photo-indicator';

export interface PhotoSliderProps {
  count: number;
  initialSlide?: number;
  /** The accessible name of the position control. */
  label?: string;
  /** Focus the position control when drawn (the first paint's control had the focus). */
  autoFocus?: boolean;
  /** Told the photo shown after each move (0-based). */
  onChange?: (index: number) => void;
  children: ReactNode;
}

export function PhotoSlider({ count, initialSlide = 0, label, autoFocus, onChange, children }: PhotoSliderProps) {
  const slider = useRef<Slider>(null);
  const [current, setCurrent] = useState(initialSlide);
  const moved = (_: number, next: number) => {
    setCurrent(next);
    onChange?.(next);
  };
  return (
    // the row is drawn under the photos, in the box's reserved bottom
    <div className="photo-slider" style={{ position: 'relative', paddingBottom: INDICATOR_HEIGHT }}>
      {/* waitForAnimate off: a press during a slide still moves on (slick drops it otherwise, and the
          buttons are pressed in quick succession); accessibility off: the position control has the keys */}
      <Slider
        ref={slider}
        dots={false}
        arrows={false}
        accessibility={false}
        infinite
        adaptiveHeight={false}
        speed={300}
        waitForAnimate={false}
        slidesToShow={1}
        slidesToScroll={1}
        initialSlide={initialSlide}
        beforeChange={moved}
      >
        {children}
      </Slider>
      <PhotoNav
        count={count}
        current={current}
        label={label}
        autoFocus={autoFocus}
        onGo={(i) => slider.current?.slickGoTo(i)}
        onStep={(delta) => (delta < 0 ? slider.current?.slickPrev() : slider.current?.slickNext())}
      />
    </div>
  );
}
