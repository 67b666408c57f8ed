/**
 * Issue 43: the JavaScript a page runs before it is interactive stays within its budget, so a
 * later feature (map clusters, a gallery, agencies) cannot silently put back what was taken off.
 * In the phone project only (390 px, touch: playwright.config.ts), cold, without touching the page: every script the page loads until the
 * network has been quiet, weighed from the production build on disk (gzip, by package:
 * scripts/js-weight.mjs). What the user reaches for (the search panel's selects, a card's
 * carousel, the map on scrolling) comes later and is not counted.
 * Budgets: what decision 0036 measured, plus a small margin. Raise one only with a reason there.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { test, expect, api } from '../support/fixtures';
import { E2E } from '../support/env';
import type { AllAnunciosResponse } from 'shared-contracts';

const kb = (n: number) => (n / 1024).toFixed(1);

/** The build's weight of these scripts (scripts/js-weight.mjs, run by Node: it is an ES module). */
function weighScripts(urls: string[]): { gzip: number; files: unknown[]; groups: Record<string, number>; unknown: string[]; described: string } {
  return JSON.parse(execFileSync(process.execPath, [path.join(E2E.root, 'scripts', 'js-weight.mjs'), ...urls], { encoding: 'utf8' }));
}

/** KB of gzip JavaScript before interactive, per page (docs/decisions/0036-hydrate-on-intent.md). */
const BUDGET_KB = { inicio: 250, búsqueda: 250, detalle: 235 } as const;

/** The scripts the page loads, untouched, until no script has arrived for a second. */
async function scriptsOfColdLoad(page: Page, path: string, ready: string) {
  const responses = new Map<string, () => Promise<Buffer>>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') responses.set(r.url(), () => r.body());
  });
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (let seen = -1; seen !== responses.size; ) {
    seen = responses.size;
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
  }
  const weight = weighScripts([...responses.keys()]);
  // a script that is not a file of the build (a remote version published by another test) is weighed as sent
  let outside = 0;
  for (const url of weight.unknown) outside += zlib.gzipSync(await responses.get(url)!(), { level: 9 }).length;
  const described = outside ? `${weight.described} · outside the build ${kb(outside)} KB` : weight.described;
  return { gzip: weight.gzip + outside, files: weight.files.length + weight.unknown.length, described };
}

test.describe('JavaScript before the page is interactive, on a phone (issue 43)', () => {
  const pages = async () => {
    const { body } = await api<AllAnunciosResponse>('/allAnuncios', { filters: {}, page: 0 });
    const withPhotos = body.anuncios.find((a) => (a.image_urls ?? []).length > 1) ?? body.anuncios[0];
    return {
      inicio: { path: '/', ready: '.anuncio-card' },
      búsqueda: { path: '/?proposito=venta&propiedad=apartamento&page=2', ready: '.anuncio-card' },
      detalle: { path: `/anuncioDetailedView/${encodeURIComponent(withPhotos._id)}`, ready: '.anuncio-detail h1' },
    };
  };

  for (const name of Object.keys(BUDGET_KB) as (keyof typeof BUDGET_KB)[]) {
    test(`${name}: at most ${BUDGET_KB[name]} KB gzip`, async ({ page }) => {
      const { path, ready } = (await pages())[name];
      const js = await scriptsOfColdLoad(page, path, ready);
      test.info().annotations.push({ type: 'js', description: `${kb(js.gzip)} KB in ${js.files} files: ${js.described}` });
      expect(
        js.gzip / 1024,
        `${name} (${path}) runs ${kb(js.gzip)} KB of gzip JavaScript in ${js.files} files before it is interactive, over its budget of ${BUDGET_KB[name]} KB. By package: ${js.described}. Load what the first screen does not need when the user reaches for it (decision 0036), or raise the budget there with the reason.`,
      ).toBeLessThanOrEqual(BUDGET_KB[name]);
    });
  }
});
