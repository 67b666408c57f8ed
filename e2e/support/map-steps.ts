/**
 * Issue 44: steps on the home page's map, shared by the browser tests: the counts the map shows,
 * and zooming into clusters until a lone listing's pin shows, then opening its popup.
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { MSG } from 'shared-contracts';

export const isMapaAnswer = (r: Response) => r.url().endsWith('/anuncios/mapa') && r.request().method() === 'POST';

/** The shown clusters' counts and pins, read from the map itself. */
export async function shownOnMap(map: Locator): Promise<number> {
  const counts = await map.locator('.map-cluster').allInnerTexts();
  const pins = await map.locator('img.leaflet-marker-icon').count();
  return counts.reduce((sum, c) => sum + Number(c.replace(/\D/g, '')), 0) + pins;
}

/**
 * Clicks the smallest cluster (the likeliest to split into pins) until a pin shows, then opens
 * the pin's popup: returns the popup, its listing loaded (its "Más Información" link shown).
 */
export async function openAPin(page: Page, map: Locator): Promise<Locator> {
  const anyMarker = map.locator('.leaflet-marker-icon').first();
  await expect(anyMarker).toBeVisible();
  for (let i = 0; i < 12 && (await map.locator('img.leaflet-marker-icon').count()) === 0; i++) {
    const clusters = await map.locator('.map-cluster').all();
    const sizes = await Promise.all(clusters.map(async (c) => Number((await c.innerText()).replace(/\D/g, ''))));
    const next = page.waitForResponse(isMapaAnswer);
    await clusters[sizes.indexOf(Math.min(...sizes))]!.dispatchEvent('click');
    await next;
    await expect(anyMarker).toBeVisible();
  }
  // a pin may sit under another one: click this one exactly
  await map.locator('img.leaflet-marker-icon').first().dispatchEvent('click');
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('link', { name: MSG.masInformacion })).toHaveAttribute('href', /^\/anuncioDetailedView\/[0-9a-f-]{36}$/);
  return popup;
}
