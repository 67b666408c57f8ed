/**
 * The photo carousel's navigation row (issues 39, 47): previous, the position, next. The position
 * is ONE labelled control (role slider, "Foto 3 de 12", the arrow keys, Home and End move it):
 * one Tab stop per carousel, not one per dot. It shows one dot per photo up to CAROUSEL_MAX_DOTS,
 * past it '3 / 30' (thirty dots wrapped into three rows over the photo). The arrows are labelled
 * buttons for pointers, out of the Tab order (the control already moves with the keys).
 *
 * This module draws the row for the first paint too, before the slider (./photo-slider, with
 * react-slick) is loaded, in the same box; it carries no slider code, so the first paint stays
 * light. Focusing the first paint's control brings the slider, which takes the focus over.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CAROUSEL_MAX_DOTS } from 'shared-contracts';
import './photo-indicator.css';

/** Height of the navigation row under the photos (px): the carousel's box reserves it. */
export const INDICATOR_HEIGHT = 28;

export const photoCounter = (index: number, count: number) => `${index + 1} / ${count}`;
/** What the position control says: "Foto 3 de 12". */
export const photoPosition = (index: number, count: number) => `Foto ${index + 1} de ${count}`;
/** Whether `count` photos get the counter rather than dots. */
export const usesCounter = (count: number) => count > CAROUSEL_MAX_DOTS;

export interface PhotoNavProps {
  count: number;
  /** The photo shown (0-based). */
  current: number;
  /** Moves to a photo (0-based). Absent on the first paint. */
  onGo?: (index: number) => void;
  /** Moves one photo back (-1) or on (1), looping (the slider animates it as a step). */
  onStep?: (delta: -1 | 1) => void;
  /** The accessible name of the control (the listing's title makes each card's its own). */
  label?: string;
  /** Take the focus when drawn (the slider replacing a first paint that had it). */
  autoFocus?: boolean;
  /** Focus on the control (the first paint: bring the slider). */
  onFocus?: () => void;
}

const KEY_STEPS: Record<string, -1 | 1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function PhotoNav({ count, current, onGo, onStep, label = 'Fotos', autoFocus = false, onFocus }: PhotoNavProps) {
  const control = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) control.current?.focus({ preventScroll: true });
  }, [autoFocus]);
  const step = (delta: -1 | 1) => (onStep ? onStep(delta) : onGo?.((current + delta + count) % count));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key in KEY_STEPS) step(KEY_STEPS[e.key]);
    else if (e.key === 'Home' || e.key === 'End') onGo?.(e.key === 'Home' ? 0 : count - 1);
    else return;
    e.preventDefault();
  };
  return (
    <div className="photo-nav">
      <button type="button" className="photo-nav__step" aria-label="Foto anterior" tabIndex={-1} onClick={() => step(-1)}>
        ‹
      </button>
      <div
        ref={control}
        role="slider"
        tabIndex={0}
        className="photo-nav__position"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={current + 1}
        aria-valuetext={photoPosition(current, count)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        {usesCounter(count) ? (
          <span className="photo-nav__text">{photoCounter(current, count)}</span>
        ) : (
          Array.from({ length: count }, (_, i) => <span key={i} className={i === current ? 'photo-nav__dot is-active' : 'photo-nav__dot'} onClick={() => onGo?.(i)} />)
        )}
      </div>
      <button type="button" className="photo-nav__step" aria-label="Foto siguiente" tabIndex={-1} onClick={() => step(1)}>
        ›
      </button>
    </div>
  );
}

/** The navigation row as the slider will draw it, showing the first photo, before the slider's code. */
export function IndicatorPreview({ count, label, onFocus }: { count: number; label?: string; onFocus?: () => void }) {
  return <PhotoNav count={count} current={0} label={label} onFocus={onFocus} />;
}
