/**
 * The shell's entry. A server-rendered page shows its main photo (the first card's, or the
 * listing's) before the app's code is evaluated: evaluating React, antd and the page blocks the
 * main thread for a few hundred milliseconds on a slow phone, and a photo that arrived during that
 * time was painted only after it (Lighthouse measured LCP at 1.6 s or 3.1 s depending on that
 * race). The page is usable meanwhile: it is server-rendered HTML with real links. The wait ends
 * when the photo is decoded, fails, or after HERO_WAIT_MS.
 */
const HERO_WAIT_MS = 1000;

function heroPainted(): Promise<void> {
  const hero = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!hero) return Promise.resolve();
  const loaded = hero.complete ? Promise.resolve() : new Promise<void>((resolve) => {
    hero.addEventListener('load', () => resolve(), { once: true });
    hero.addEventListener('error', () => resolve(), { once: true });
  });
  const painted = loaded.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, HERO_WAIT_MS))]);
}

// Async boundary: shared modules are negotiated before the app's code runs.
void heroPainted().then(() => import('./bootstrap'));
