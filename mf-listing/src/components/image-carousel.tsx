/**
 * The listing photo carousel shared by the card and the detail (SPEC: indicators, loop).
 *
 * First paint shows the first photo with the indicator row (dots, or '1 / 30' past
 * CAROUSEL_MAX_DOTS photos: web-runtime/photo-indicator), in exactly the box the carousel will
 * use; the real carousel (react-slick, ./slick-carousel) replaces it at once when the user
 * reaches for it (a pointer over it, a press, a tap, focus; a swipe made meanwhile is carried
 * over) and, with `upgrade="near"`, also when the photo comes into view and the browser is idle. Twenty sliders built during the
 * first render cost phones most of a second of blocked main thread and put 19 KB gzip on the
 * critical path (docs/decisions/0004-first-load-budget.md); the cards' carousels built when idle
 * still ran react-slick and a slider per visible card while a phone was becoming interactive, so
 * the cards and the detail wait for the user (issue 43, docs/decisions/0036-hydrate-on-intent.md).
 * Width/height attributes reserve the box so nothing shifts. No photos: the bundled placeholder.
 */
import { lazy, Suspense, useRef, useState, type PointerEvent, type TouchEvent } from 'react';
import { INDICATOR_HEIGHT, IndicatorPreview } from 'web-runtime/photo-indicator';
import placeholderUrl from '../assets/placeholder.svg';
import { useNearViewport } from '../hooks/use-near-viewport';
import { photoAlt, photoProps, photoStyle, photosLabel, type ImageCarouselProps } from './carousel-photo';
import './image-carousel.css';

export const PLACEHOLDER_ALT = 'Anuncio sin fotos';

const loadSlick = () => import('./slick-carousel');
const SlickCarousel = lazy(loadSlick);
/** A horizontal move at least this long, made before the carousel arrived, is a swipe. */
const SWIPE_PX = 30;

export function ImageCarousel({ images, title, height, fit = 'cover', className, size = 'full', priority = false, upgrade = 'near', onOpen }: ImageCarouselProps) {
  const box = useRef<HTMLDivElement>(null);
  const many = images.length > 1;
  const [upgraded, upgradeNow] = useNearViewport(box, { enabled: many && upgrade === 'near' });
  const style = photoStyle(height, fit, Boolean(onOpen));
  // A touch only fetches the carousel's code; the carousel takes over when the finger lifts,
  // on the photo the gesture asked for (a swipe: the next one, or the last going back), so a
  // swipe made on the first photo is never lost, whether the code was there already or not.
  // A mouse pointer, a press that is not a touch, and focus bring it at once.
  const swipeFrom = useRef<number | null>(null);
  const [initialSlide, setInitialSlide] = useState(0);
  // reached with the keyboard (Tab onto the first paint's position control): the carousel takes the focus over
  const [focused, setFocused] = useState(false);
  const focus = () => {
    setFocused(true);
    upgradeNow();
  };
  const reach = (e: PointerEvent) => {
    if (e.pointerType === 'touch') loadSlick().catch(() => undefined); // a failed fetch is retried by React.lazy
    else upgradeNow();
  };
  const touchStart = (e: TouchEvent) => {
    swipeFrom.current = e.touches[0]?.clientX ?? null;
    loadSlick().catch(() => undefined);
  };
  const touchEnd = (e: TouchEvent) => {
    const to = e.changedTouches[0]?.clientX;
    const dx = swipeFrom.current === null || to === undefined ? 0 : to - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(dx) >= SWIPE_PX) setInitialSlide(dx < 0 ? 1 : images.length - 1);
    upgradeNow();
  };

  if (images.length === 0) {
    return <img src={placeholderUrl} alt={PLACEHOLDER_ALT} width={400} height={220} style={{ ...style, objectFit: 'cover' }} className={className} />;
  }
  const firstPhoto = (
    <div
      ref={box}
      className={className}
      style={{ paddingBottom: many ? INDICATOR_HEIGHT : 0, position: 'relative' }}
      onPointerOver={many ? reach : undefined}
      onPointerDown={many ? reach : undefined}
      onTouchStart={many ? touchStart : undefined}
      onTouchEnd={many ? touchEnd : undefined}
      onFocus={many ? focus : undefined}
    >
      <img {...photoProps(images[0], size, priority)} alt={photoAlt(title, 0, images.length)} height={height} style={style} onClick={onOpen && (() => onOpen(0))} />
      {/* the carousel's navigation row, drawn until the carousel takes over (same size, no shift) */}
      {many && <IndicatorPreview count={images.length} label={photosLabel(title)} />}
    </div>
  );
  if (!many || !upgraded) return firstPhoto;
  return (
    <Suspense fallback={firstPhoto}>
      <SlickCarousel images={images} title={title} height={height} fit={fit} className={className} size={size} initialSlide={initialSlide} autoFocus={focused} onOpen={onOpen} />
    </Suspense>
  );
}

