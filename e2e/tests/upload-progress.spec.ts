/**
 * Issue 47: publishing shows its upload as it goes, can be cancelled without losing the form, and
 * a photo the server refuses is marked, removed, and the listing sent again. At 1280 and 390 px.
 * The upload is slowed with Chromium's network emulation, as a phone's slow uplink would be.
 */
import sharp from 'sharp';
import { test, expect, createConfirmedUser, loginAs } from '../support/fixtures';
import { fillListing } from '../support/journey-steps';
import { MSG } from 'shared-contracts';
import type { Page } from '@playwright/test';

/** A photo-like JPEG of about 100 KB (already under the target: the worker keeps it as it is). */
async function photo(seed: number): Promise<Buffer> {
  const width = 360;
  const height = 270;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 104729 + ((i * i) >>> 7)) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

/** Upload at `bytesPerSecond` (and downloads unthrottled); 0 lifts it. */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond || -1 });
}

const chosen = (page: Page) => page.getByRole('list', { name: 'Fotos elegidas' });

test('upload progress shows at once, per photo; cancelling keeps the form, which then publishes', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser();
  await loginAs(page, user);
  await page.goto('/agregarAnuncio');
  const title = `Subida e2e ${Date.now().toString(36)}`;
  await fillListing(page, title);
  const files = await Promise.all([1, 2, 3].map(photo));
  await page.getByLabel('Elegir fotos').setInputFiles(files.map((buffer, i) => ({ name: `foto${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
  await expect(chosen(page).getByAltText(/^Foto \d+:/)).toHaveCount(3, { timeout: 60_000 });

  await throttleUpload(page, 40 * 1024);
  const publish = page.getByRole('button', { name: /Publicar anuncio/ });
  // Measured in the page: from the press's click event to the progress bar in the document.
  await page.evaluate(() => {
    const w = window as unknown as { shownAfterMs?: number };
    document.addEventListener(
      'click',
      () => {
        const pressed = performance.now();
        const seen = new MutationObserver(() => {
          if (!document.querySelector('[role="progressbar"][aria-label="Subida del anuncio"]')) return;
          w.shownAfterMs = performance.now() - pressed;
          seen.disconnect();
        });
        seen.observe(document.body, { childList: true, subtree: true });
      },
      { capture: true, once: true },
    );
  });
  await publish.click();
  const whole = page.getByRole('progressbar', { name: 'Subida del anuncio' });
  await expect(whole).toBeVisible();
  const shownAfterMs = await page.evaluate(() => (window as unknown as { shownAfterMs?: number }).shownAfterMs);
  console.log(`[upload-progress] progress shown ${shownAfterMs?.toFixed(0)} ms after the press (issue 47's target: 200 ms)`);
  await expect(chosen(page).getByRole('progressbar', { name: 'Subida de foto1.jpg' })).toBeVisible();
  // It moves: the first photo goes up before the rest.
  await expect.poll(async () => Number(await whole.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: /fotos subidas: \d de 3/ })).toBeVisible();

  await page.getByRole('button', { name: 'Cancelar subida' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.subidaCancelada })).toBeVisible();
  await expect(whole).toHaveCount(0);
  await expect(page).toHaveURL(/\/agregarAnuncio$/);
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await expect(chosen(page).getByAltText(/^Foto \d+:/)).toHaveCount(3);

  await throttleUpload(page, 0);
  await publish.click();
  await expect(page).toHaveURL(/\/misAnuncios$/, { timeout: 60_000 });
  await expect(page.locator('.anuncio-card', { hasText: title })).toHaveCount(1);
});

test('a photo the server refuses is marked; removed, the same listing publishes', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser();
  await loginAs(page, user);
  await page.goto('/agregarAnuncio');
  const title = `Rechazo e2e ${Date.now().toString(36)}`;
  await fillListing(page, title);
  // A JPEG's first bytes and nothing a decoder can read: the browser takes it, the API refuses it.
  const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
  await page.getByLabel('Elegir fotos').setInputFiles([
    { name: 'sala.jpg', mimeType: 'image/jpeg', buffer: await photo(4) },
    { name: 'rota.jpg', mimeType: 'image/jpeg', buffer: broken },
  ]);
  await expect(chosen(page).getByAltText(/^Foto \d+:/)).toHaveCount(2, { timeout: 60_000 });
  await page.getByRole('button', { name: /Publicar anuncio/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: /No se aceptó la foto 2 «rota\.jpg»/ })).toBeVisible();
  const marked = chosen(page).getByRole('listitem').filter({ hasText: 'No aceptada' });
  await expect(marked).toHaveCount(1);
  await expect(marked.getByRole('img', { name: 'Foto 2: rota.jpg' })).toBeVisible();

  await marked.getByRole('button', { name: 'Quitar rota.jpg' }).click();
  await page.getByRole('button', { name: /Publicar anuncio/ }).click();
  await expect(page).toHaveURL(/\/misAnuncios$/, { timeout: 60_000 });
  await expect(page.locator('.anuncio-card', { hasText: title })).toHaveCount(1);
});
