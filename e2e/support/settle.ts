/** Waiting for the end state of what the page animates (for axe's contrast checks). */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until finite animations and transitions are over: contrast is measured on the end state
 * (after a theme switch antd's buttons fade their colours for 0.2 s; caught halfway, they fail).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Waits until React has hydrated this server-rendered element (it then carries React's fiber
 * key): a click before that is the browser's own (a link loads a new page), which is right for a
 * user but not what a test of the hydrated app means to check. On a loaded machine hydration of
 * a remote's area can take seconds after its HTML shows.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'))), { timeout: 20_000 })
    .toBe(true);
}
