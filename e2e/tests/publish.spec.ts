/**
 * mf-publish on the combined site: publish a listing with two real photos (compressed in the
 * browser by a worker whose script the portal serves; sizes and part order are unit-tested,
 * Playwright does not expose multipart bodies built from blobs) and an address found by search, see it in my listings
 * and first on the home page with its photos, delete it; reach the quota and see 'Elige tu plan'.
 * At 1280 px and 390 px (the two projects).
 */
import sharp from 'sharp';
import { test, expect, api, createConfirmedUser, loginAs } from '../support/fixtures';
import { E2E } from '../support/env';
import { createListingOverApi, fillListing } from '../support/journey-steps';
import { MSG, FREE_PLAN_COUNT, type ContactoResponse, type MisAnunciosResponse } from 'shared-contracts';
import type { Page } from '@playwright/test';

/**
 * A photo-like noisy image, big enough that it must be compressed to reach IMAGE_TARGET_MB; the
 * journeys' `photo` (support/journey-steps) is small on purpose, to keep those runs fast.
 */
async function photo(kind: 'jpeg' | 'png', seed: number): Promise<Buffer> {
  const width = 1400;
  const height = 1000;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 7 + y * 3 + seed) % 256;
      raw[i + 1] = (Math.sin((x + seed) / 37) * 127 + 128) | 0;
      raw[i + 2] = ((x ^ y) * 13) % 256;
    }
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
  return kind === 'jpeg' ? img.jpeg({ quality: 95 }).toBuffer() : img.png().toBuffer();
}

const addressBox = (page: Page) => page.getByRole('textbox', { name: 'Dirección', exact: true });

test('publish with two photos and a searched address, see it in my listings and on home, delete it', async ({ page }) => {
  // compressing two photos in the browser, publishing and three pages: more than the default minute on a busy 2-core machine
  test.setTimeout(120_000);
  const user = await createConfirmedUser({ name: 'Lucía', apellido: 'Peña' });
  await loginAs(page, user);
  const site = new URL(E2E.siteUrl).host;
  const apiHost = new URL(E2E.apiUrl).host;
  const foreign: string[] = [];
  const workerLib: string[] = [];
  page.context().on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.includes('/assets/browser-image-compression')) workerLib.push(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && ![site, apiHost].includes(u.host) && !u.host.startsWith('localhost:') && !/tile/.test(u.host)) foreign.push(r.url());
  });
  await page.goto('/agregarAnuncio');
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Lucía');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expect(addressBox(page)).toHaveAttribute('placeholder', MSG.buscaTuDireccion);
  const map = page.getByTestId('address-map');
  expect(Math.round((await map.boundingBox())!.height)).toBe(500);

  const title = `Casa e2e ${Date.now().toString(36)}`;
  await fillListing(page, title);
  await page.getByLabel('Elegir fotos').setInputFiles([
    { name: 'sala.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', 1) },
    { name: 'patio.png', mimeType: 'image/png', buffer: await photo('png', 2) },
  ]);
  await expect(page.getByRole('img', { name: /^Foto 2: patio\.png/ })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: /Publicar anuncio/ }).click();
  // The worker imported the library from the portal itself, never from a CDN.
  expect(workerLib.length).toBeGreaterThan(0);
  expect(foreign, 'no request may leave the portal and its API').toEqual([]);

  await expect(page).toHaveURL(/\/misAnuncios$/);
  const card = page.locator('.anuncio-card', { hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator('img').first()).toHaveAttribute('src', /^http/);
  const mine = await api<MisAnunciosResponse>('/misAnuncios', {}, user.token);
  const created = mine.body.listaDeTodos.find((a) => a.title === title)!;
  expect(created.image_urls).toHaveLength(2);
  expect(created.address).toMatch(/Santo Domingo de Guzmán/);
  expect([created.name, created.apellido, created.moneda, created.proposito, created.propiedad]).toEqual(['Lucía', 'Peña', 'RD', 'venta', 'Casa']);
  // The contact email is not in the answers; the contact call gives it (issue 19).
  expect(created).not.toHaveProperty('email');
  expect((await api<ContactoResponse>(`/anuncio/${created._id}/contacto`, { canal: 'email' })).body.email).toBe(user.email);

  await page.goto('/');
  const homeCard = page.getByRole('list', { name: 'Anuncios' }).locator('.anuncio-card').first();
  await expect(homeCard.locator('h3')).toHaveText(title);
  expect(await homeCard.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBeGreaterThan(0);

  await page.goto('/misAnuncios');
  // Deleting removes the photo files: a card photo still downloading would get the 404 (seen
  // once in CI as ERR_BLOCKED_BY_ORB). A user sees the card before pressing Borrar; so does the test.
  await page.waitForLoadState('networkidle');
  await page.locator('.anuncio-card', { hasText: title }).getByRole('button', { name: 'Borrar' }).click();
  await page.getByRole('button', { name: 'Sí, borrar' }).click(); // the card (mf-listing) asks first
  await expect(page.locator('.anuncio-card', { hasText: title })).toHaveCount(0);
  await expect(page.getByText('Todavía no tienes anuncios publicados.')).toBeVisible();
});

test("at the quota: 'Elige tu plan' instead of the add button, and a refused publish offers the plans", async ({ page }) => {
  const user = await createConfirmedUser();
  for (let i = 0; i < FREE_PLAN_COUNT; i++) await createListingOverApi(user, `Cupo ${i + 1}`);
  await loginAs(page, user);
  await page.goto('/misAnuncios');
  await expect(page.locator('.anuncio-card')).toHaveCount(FREE_PLAN_COUNT);
  await expect(page.getByRole('button', { name: 'Agregar anuncio' })).toHaveCount(0);

  await page.goto('/agregarAnuncio');
  await fillListing(page, 'Uno de más');
  await page.getByRole('button', { name: /Publicar anuncio/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: MSG.eligeTuPlan });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/agregarAnuncio$/);

  await page.goto('/misAnuncios');
  await page.getByRole('button', { name: MSG.eligeTuPlan }).click();
  await expect(page).toHaveURL(/\/comprarPlanPage$/);
});
