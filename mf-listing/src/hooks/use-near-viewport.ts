import { useEffect, useState, type RefObject } from 'react';

const whenIdle = (fn: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 200);
  return () => window.clearTimeout(id);
};

/**
 * True once the element has come within `margin` of the viewport and the page then had a quiet
 * moment: heavy parts (carousels, maps) are built after the first screen, not during it.
 * Without IntersectionObserver (jsdom, very old browsers) it stays false; `now()` forces it
 * (a touch or focus on the element).
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, { enabled = true, margin = '200px' } = {}): [boolean, () => void] {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || near || !el || typeof IntersectionObserver === 'undefined') return;
    let cancelIdle: (() => void) | undefined;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          cancelIdle = whenIdle(() => setNear(true));
        }
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => {
      io.disconnect();
      cancelIdle?.();
    };
  }, [ref, enabled, near, margin]);
  return [near, () => setNear(true)];
}
