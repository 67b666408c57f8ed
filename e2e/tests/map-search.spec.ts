/**
 * Issue 44: map search over every match, at 1280 px and 390 px. A search's map shows the API's
 * clusters summing to the result count (with the matches without coordinates counted apart);
 * zooming into clusters reaches a pin whose popup opens its listing; after moving the map,
 * "Buscar en esta zona" limits list and map to the view (the box in the address, the same view
 * after a reload); an area drawn with clicks or taps does the same; the search with its area is
 * saved. Every wait is on a condition (an answer, an element), never a time.
 */
import type { Locator, Page, Response } from '@playwright/test';
import { MSG, ORDEN_DEFAULT, SAVED_MSG, parseSearch, searchHref, type AllAnunciosResponse, type MapaResponse, type SavedSearch, type Zona } from 'shared-contracts';
import { test, expect, api, createConfirmedUser, loginAs } from '../support/fixtures';
import { isMapaAnswer, openAPin, shownOnMap } from '../support/map-steps';

// the map's words (mf-search/src/features/map-view/lib/messages.ts: off the contracts, which every first screen carries)
const BUSCAR_EN_ESTA_ZONA = 'Buscar en esta zona';
const DIBUJAR_ZONA = 'Dibujar zona';
const TERMINAR = 'Terminar';
const BORRAR_ZONA = 'Borrar zona';
const enElMapa = (n: number) => `${n.toLocaleString('es-DO')} ${n === 1 ? 'anuncio' : 'anuncios'} en esta vista del mapa`;
const isMapa = isMapaAnswer;
/** The map's answer for a search with this filter (an answer in flight for the previous one may come first). */
const mapaWith = (key: string) => (r: Response) => isMapaAnswer(r) && Object.hasOwn(JSON.parse(r.request().postData() ?? '{}').filters ?? {}, key);
const isList = (r: Response) => r.url().endsWith('/allAnuncios');
/** The list's answer for a search with this filter (the previous search's may still be in flight, as for the map). */
const listWith = (key: string) => (r: Response) => isList(r) && Object.hasOwn(JSON.parse(r.request().postData() ?? '{}').filters ?? {}, key);
const shownTotal = shownOnMap;
/** A click on the map at (x, y) of its box: a tap on the phone. */
async function pointAt(page: Page, map: Locator, x: number, y: number, phone: boolean) {
  if (phone) await map.tap({ position: { x, y } });
  else await map.click({ position: { x, y } });
}

test('every match on the map: clusters, a pin and its listing, Buscar en esta zona, an area drawn, reload, saved', async ({ page }, info) => {
  const phone = info.project.name === 'phone';
  const user = await createConfirmedUser();
  await loginAs(page, user);
  // the page is rendered by the server (no search from the browser): its count is the API's
  const countOf = async (url: string) => (await api<AllAnunciosResponse>('/allAnuncios', { filters: parseSearch(new URL(url).search).filters, page: 0 })).body.count;
  await page.goto('/?proposito=venta');
  const count = await countOf(page.url());
  expect(count).toBeGreaterThan(20);

  // the whole result on the map, whatever the page: clusters and pins sum to the count
  const firstMap = page.waitForResponse(isMapa);
  await page.getByRole('button', { name: MSG.verMapa }).click();
  const answer = (await (await firstMap).json()) as MapaResponse;
  expect(answer.total + answer.sinUbicacion).toBe(count);
  const map = page.locator('.home-map');
  await expect.poll(() => shownTotal(map)).toBe(answer.total);
  await expect(page.getByText(enElMapa(answer.total))).toBeVisible();

  // zoom into clusters until a lone listing's pin shows, then open it
  const popup = await openAPin(page, map);
  const title = (await popup.locator('strong').innerText()).trim();
  expect(title.length).toBeGreaterThan(0);
  await popup.locator('.leaflet-popup-close-button').dispatchEvent('click');
  await expect(popup).toHaveCount(0);

  // the visitor zooms in (the map's + button): the visible area becomes the search, in list and map
  const zoomed = page.waitForResponse(isMapa);
  await map.locator('.leaflet-control-zoom-in').click();
  await zoomed;
  const inZone = page.waitForResponse(listWith('zona'));
  const zoneMap = page.waitForResponse(mapaWith('zona'));
  await page.getByRole('button', { name: BUSCAR_EN_ESTA_ZONA }).click();
  await expect(page).toHaveURL(/[?&]zona=/);
  const zoneCount = ((await (await inZone).json()) as AllAnunciosResponse).count;
  const zoneAnswer = (await (await zoneMap).json()) as MapaResponse;
  expect(zoneCount).toBeGreaterThan(0);
  expect(zoneAnswer.total).toBe(zoneCount);
  expect(zoneAnswer.sinUbicacion).toBe(0);
  const zoneUrl = page.url();

  // the same address after a reload: the same search, and the map opens on that area
  await page.reload();
  expect(page.url()).toBe(zoneUrl);
  expect(await countOf(page.url())).toBe(zoneCount);
  if (!(await map.isVisible())) {
    const again = page.waitForResponse(isMapa);
    await page.getByRole('button', { name: MSG.verMapa }).click();
    expect(((await (await again).json()) as MapaResponse).total).toBe(zoneCount);
  }
  await expect.poll(() => shownTotal(map)).toBe(zoneCount);
  await expect(page.getByRole('button', { name: BORRAR_ZONA })).toBeVisible();

  // draw an area (clicks, or taps on the phone): a triangle in the middle of the map
  await page.getByRole('button', { name: DIBUJAR_ZONA }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Toca el mapa' })).toBeVisible();
  const box = (await map.boundingBox())!;
  const [cx, cy] = [box.width / 2, box.height / 2];
  const r = Math.min(box.width, box.height) * 0.35;
  for (const [x, y] of [[cx, cy - r], [cx + r, cy + r * 0.7], [cx - r, cy + r * 0.7]] as const) await pointAt(page, map, x, y, phone);
  const drawnList = page.waitForResponse(listWith('poligono'));
  const drawnMap = page.waitForResponse(mapaWith('poligono'));
  await page.getByRole('button', { name: TERMINAR }).click();
  await expect(page).toHaveURL(/[?&]poligono=/);
  expect(page.url()).not.toMatch(/[?&]zona=/);
  const drawnCount = ((await (await drawnList).json()) as AllAnunciosResponse).count;
  expect(((await (await drawnMap).json()) as MapaResponse).total).toBe(drawnCount);
  await expect.poll(() => shownTotal(map)).toBe(drawnCount);

  // saved with its area: the saved search's filters hold the drawn area
  await page.getByRole('button', { name: SAVED_MSG.guardarBusqueda }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByRole('status')).toContainText(SAVED_MSG.busquedaGuardada);
  const saved = await api<{ busquedas: SavedSearch[] }>('/busquedas', undefined, user.token, 'GET');
  const poligono = new URL(page.url()).searchParams.get('poligono')!.split(',').map(Number);
  expect(saved.body.busquedas[0]!.filters).toMatchObject({ proposito: 'venta', poligono });

  // one action clears the area
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: BORRAR_ZONA }).click();
  await expect(page).not.toHaveURL(/poligono=|zona=/);
});

test('list and map together: beside each other on a desktop, a card and its pin marking each other; on a phone the toggle keeps the area', async ({ page }, info) => {
  const phone = info.project.name === 'phone';
  // a listing alone in a small box around it: the list holds its card and the map its pin
  const near = (a: { latitude: number | null; longitude: number | null }): Zona => {
    const r = (n: number) => Math.round(n * 1e5) / 1e5;
    return [r(a.latitude! - 0.002), r(a.longitude! - 0.002), r(a.latitude! + 0.002), r(a.longitude! + 0.002)];
  };
  const all = (await api<AllAnunciosResponse>('/allAnuncios', { filters: { proposito: 'venta' }, page: 0 })).body.anuncios;
  let zona: Zona | undefined;
  for (const a of all.filter((x) => x.latitude !== null && x.longitude !== null)) {
    const inBox = await api<AllAnunciosResponse>('/allAnuncios', { filters: { proposito: 'venta', zona: near(a) }, page: 0 });
    if (inBox.body.count === 1) {
      zona = near(a);
      break;
    }
  }
  expect(zona, 'a listing alone within 200 m').toBeDefined();
  await page.goto(searchHref({ filters: { proposito: 'venta', zona }, page: 1, orden: ORDEN_DEFAULT }));
  const opened = page.waitForResponse(isMapa);
  await page.getByRole('button', { name: MSG.verMapa }).click();
  expect(((await (await opened).json()) as MapaResponse).total).toBe(1);
  const map = page.locator('.home-map');
  const pin = map.locator('img.leaflet-marker-icon');
  await expect(pin).toHaveCount(1);
  const card = page.getByRole('list', { name: 'Anuncios' }).locator('li');

  if (phone) {
    // the phone shows one at a time: the map alone, then the list of the same area
    await expect(card).toHaveCount(0);
    await page.getByRole('button', { name: MSG.verLista }).click();
    await expect(card).toHaveCount(1);
    await expect(map).toHaveCount(0);
    expect(parseSearch(new URL(page.url()).search).filters.zona).toEqual(zona);
    return;
  }
  // the desktop shows the list beside the map
  await expect(card).toHaveCount(1);
  const [listBox, mapBox] = [(await card.boundingBox())!, (await map.boundingBox())!];
  expect(listBox.x + listBox.width).toBeLessThanOrEqual(mapBox.x);
  expect(mapBox.y).toBeLessThan(listBox.y + listBox.height);
  // the pointer on the card marks its pin; off it, unmarked
  await card.hover();
  await expect(map.locator('img.leaflet-marker-icon.map-pin-highlighted')).toHaveCount(1);
  await page.locator('.search-panel').first().hover();
  await expect(map.locator('img.leaflet-marker-icon.map-pin-highlighted')).toHaveCount(0);
  // the pointer on the pin marks its card
  await pin.hover();
  await expect(card).toHaveClass(/results-item-highlighted/);
  await page.locator('.search-panel').first().hover();
  await expect(card).not.toHaveClass(/results-item-highlighted/);

  // a card whose listing is inside a cluster: a ring marks where it is
  const whole = page.waitForResponse(isMapa);
  await page.goto('/?proposito=venta');
  if (await page.getByRole('button', { name: MSG.verMapa }).isVisible()) await page.getByRole('button', { name: MSG.verMapa }).click();
  const lone = new Set(((await (await whole).json()) as MapaResponse).clusters.map((c) => c.id).filter(Boolean));
  const listed = (await api<AllAnunciosResponse>('/allAnuncios', { filters: { proposito: 'venta' }, page: 0 })).body.anuncios;
  const clustered = listed.findIndex((a) => a.latitude !== null && !lone.has(a._id));
  expect(clustered).toBeGreaterThanOrEqual(0);
  await card.nth(clustered).hover();
  await expect(map.locator('.map-pin-focus')).toHaveCount(1);
});
