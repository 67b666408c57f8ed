/** Waiting for the end state of what the page animates (for axe's contrast checks). */
import type { Page } from '@playwright/test';

/**
 * Waits until finite animations and transitions are over: contrast is measured on the end state
 * (after a theme switch antd's buttons fade their colours for 0.2 s; caught halfway, they fail).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
