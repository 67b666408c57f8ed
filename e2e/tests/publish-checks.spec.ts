/**
 * Issue 39 in the browser, at 1280 px and 390 px (the two projects): a typed negative price stays
 * as typed and is refused with its message; a text file renamed `.jpg` is refused by its bytes,
 * named on screen, and the form's values and the other photo are kept and published.
 */
import { test, expect, api, createConfirmedUser, loginAs } from '../support/fixtures';
import { fillListing, photo } from '../support/journey-steps';
import { MSG, type MisAnunciosResponse } from 'shared-contracts';

test('a negative price and a text file renamed .jpg are refused with their messages; the rest of the form is kept', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser();
  await loginAs(page, user);
  await page.goto('/agregarAnuncio');
  const title = `Fotos e2e ${Date.now().toString(36)}`;
  await fillListing(page, title);

  const price = page.getByLabel('Precio');
  await price.fill('-5');
  await page.getByRole('button', { name: /Publicar anuncio/ }).click();
  await expect(page.getByText(MSG.noNegativos)).toBeVisible();
  await expect(price).toHaveValue('-5');
  await expect(page).toHaveURL(/\/agregarAnuncio$/);
  await price.fill('4500000');

  await page.getByLabel('Elegir fotos').setInputFiles([
    { name: 'sala.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', 3) },
    { name: 'notas.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Lista de la compra: arroz, habichuelas, plátanos.\n') },
  ]);
  const refusal = page.getByText('No se aceptó la foto «notas.jpg»: el archivo no es una imagen PNG o JPEG');
  await expect(refusal).toBeVisible();
  await refusal.scrollIntoViewIfNeeded();
  // The whole message fits the screen (a phone too).
  const box = (await refusal.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(page.getByRole('img', { name: /^Foto 1: sala\.jpg/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: /notas\.jpg/ })).toHaveCount(0);
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await expect(price).toHaveValue('4500000');

  await page.getByRole('button', { name: /Publicar anuncio/ }).click();
  await expect(page).toHaveURL(/\/misAnuncios$/);
  const mine = await api<MisAnunciosResponse>('/misAnuncios', {}, user.token);
  const created = mine.body.listaDeTodos.find((a) => a.title === title)!;
  expect(created.image_urls).toHaveLength(1);
  expect(created.price).toBe(4500000);
  expect(created.porCorregir).toEqual([]);
});
