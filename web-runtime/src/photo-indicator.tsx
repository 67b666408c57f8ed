/**
 * The photo carousel's indicator row (issue 39): one dot per photo up to CAROUSEL_MAX_DOTS, past
 * it one row with previous/next and '3 / 30' (thirty dots wrapped into three rows over the
 * photo). This module draws the row for the first paint, before the slider (./photo-slider, with
 * react-slick) is loaded, in the same box; it carries no slider code, so the first paint stays light.
 */
import { CAROUSEL_MAX_DOTS } from 'shared-contracts';
import './photo-indicator.css';

/** Height of the indicator row under the photos (px): the carousel's box reserves it. */
export const INDICATOR_HEIGHT = 28;

export const photoCounter = (index: number, count: number) => `${index + 1} / ${count}`;
/** Whether `count` photos get the counter rather than dots. */
export const usesCounter = (count: number) => count > CAROUSEL_MAX_DOTS;

/** The indicator row as the slider will draw it, showing the first photo (not interactive yet). */
export function IndicatorPreview({ count }: { count: number }) {
  if (usesCounter(count)) {
    return (
      <div aria-hidden="true" className="photo-counter photo-counter--preview">
        <span className="photo-counter__step">‹</span>
        <span className="photo-counter__text">{photoCounter(0, count)}</span>
        <span className="photo-counter__step">›</span>
      </div>
    );
  }
  return (
    <ul aria-hidden="true" className="carousel-dots-preview">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={i === 0 ? 'is-active' : undefined} />
      ))}
    </ul>
  );
}
