/**
 * The life of an owner's listing in the browser (issue 20), at 1280 px and 390 px: edit the price
 * and a photo and see it on home with "Bajó de precio"; mark it sold and see the detail's banner
 * without contact buttons; move the API's clock (PORTAL_TEST_ROUTES) until the listing expires,
 * receive the reminder on the real SMTP receiver and renew it by the emailed link, without a session.
 */
import type { Page } from '@playwright/test';
import { FREE_PLAN_COUNT, MSG, anuncioPath, photoKeyOfUrl, type Anuncio } from 'shared-contracts';
import { test, expect, api, createConfirmedUser, loginAs, type TestUser } from '../support/fixtures';
import { E2E } from '../support/env';
import { waitForLink } from '../support/mailbox';
import { createListingOverApi, deleteAllListings, menuEntries, photo, sitePath } from '../support/journey-steps';

async function listingWithPhoto(user: TestUser, title: string): Promise<Anuncio> {
  const form = new FormData();
  const fields: Record<string, string> = {
    title, price: '1000000', moneda: 'RD', description: 'Creado por la prueba', name: user.name, apellido: user.apellido,
    movil: '8095550000', email: user.email, address: 'Naco, Distrito Nacional', latitude: '18.4755', longitude: '-69.9312',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('images', new Blob([new Uint8Array(await photo('jpeg', 3))], { type: 'image/jpeg' }), 'fachada.jpg');
  const res = await fetch(`${E2E.apiUrl}/anuncio`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(201);
  return (await res.json()) as Anuncio;
}

const actions = (page: Page, title: string) => page.getByLabel(`Estado y acciones: ${title}`);
const setClock = (days: number) => api('/__test/clock', { days });

test('edit the price and a photo; home shows the new ones and the detail says "Bajó de precio"', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser();
  const title = `Edición e2e ${Date.now().toString(36)}`;
  const created = await listingWithPhoto(user, title);
  await loginAs(page, user);
  await page.goto('/misAnuncios');
  await actions(page, title).getByRole('button', { name: `Editar: ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/editarAnuncio/${created._id}$`));
  // every field prefilled, the address too, and the current photo
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await expect(page.getByLabel('Precio')).toHaveValue(/1,?000,?000/);
  await expect(page.getByRole('textbox', { name: 'Dirección', exact: true })).toHaveValue('Naco, Distrito Nacional');
  await expect(page.getByRole('img', { name: 'Foto 1: Foto actual 1' })).toBeVisible();

  await page.getByLabel('Precio').fill('850000');
  await page.getByRole('button', { name: 'Quitar Foto actual 1' }).click();
  await page.getByLabel('Elegir fotos').setInputFiles([{ name: 'nueva.png', mimeType: 'image/png', buffer: await photo('png', 9) }]);
  await expect(page.getByRole('img', { name: /^Foto 1: nueva/ })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/misAnuncios$/);

  const saved = (await api<Anuncio>(`/anuncio/${created._id}`, undefined, undefined, 'GET')).body;
  expect(saved.price).toBe(850000);
  expect(saved.image_urls).toHaveLength(1);
  expect(saved.image_urls[0]).not.toBe(created.image_urls[0]);
  // the removed photo is gone from storage
  expect((await fetch(created.image_urls[0])).status).toBe(404);

  await page.goto('/');
  const card = page.getByRole('list', { name: 'Anuncios' }).locator('.anuncio-card').first();
  await expect(card.locator('h3')).toHaveText(title);
  await expect(card).toContainText('850,000');
  // the new photo (full size or its card rendition), not the removed one
  await expect(card.locator('img').first()).toHaveAttribute('src', new RegExp(photoKeyOfUrl(saved.image_urls[0]).replace(/\.webp$/, '')));

  await page.goto(anuncioPath(created._id));
  await expect(page.getByLabel(MSG.bajoDePrecio)).toContainText('1,000,000');
  await expect(page.getByText('Actualizado hoy')).toBeVisible();
  await deleteAllListings(user);
});

test('mark sold: the listing leaves home, frees a slot of the plan, its detail shows "Vendido" without contact buttons', async ({ page, viewport }) => {
  test.setTimeout(90_000);
  const user = await createConfirmedUser();
  const title = `Venta e2e ${Date.now().toString(36)}`;
  const created = await listingWithPhoto(user, title);
  for (let i = 1; i < FREE_PLAN_COUNT; i++) await createListingOverApi(user, `Cupo ${i}`);
  await loginAs(page, user);
  await page.goto('/misAnuncios');
  await expect(actions(page, title).getByTestId('estado-tag')).toHaveText('Activo');
  // the plan is full: the header offers no AGREGAR ANUNCIO, the page 'Elige tu plan'
  await expect(page.getByRole('button', { name: MSG.eligeTuPlan })).toBeVisible();
  expect((await menuEntries(page, viewport)).join(' ')).not.toMatch(/agregar anuncio/i);
  await actions(page, title).getByRole('button', { name: `Marcar vendido: ${title}` }).click();
  await expect(actions(page, title).getByTestId('estado-tag')).toHaveText('Vendido');
  // a sold listing uses no slot: publishing is offered again
  await expect(page.getByRole('button', { name: MSG.eligeTuPlan })).toHaveCount(0);
  await expect.poll(async () => (await menuEntries(page, viewport)).join(' ')).toMatch(/agregar anuncio/i);

  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Anuncios' }).locator('.anuncio-card').first()).toBeVisible();
  await expect(page.locator('.anuncio-card', { hasText: title })).toHaveCount(0);
  await page.goto(anuncioPath(created._id));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Anuncio vendido' })).toHaveText('Vendido');
  await expect(page.getByRole('button', { name: MSG.contacto })).toHaveCount(0);
  await expect(page.getByRole('button', { name: MSG.emailBoton })).toHaveCount(0);
  await deleteAllListings(user);
});

test('expires with the clock; the reminder arrives by email and its link renews without a session, once (again: "already renewed")', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser();
  const title = `Vence e2e ${Date.now().toString(36)}`;
  const created = await listingWithPhoto(user, title);
  try {
    await setClock(84);
    const reminded = await api<{ reminded: string[] }>('/__test/expiry', {});
    expect(reminded.body.reminded).toContain(created._id);
    const link = await waitForLink(user.email, '/renovarAnuncio/');
    expect(link.startsWith(E2E.siteUrl)).toBe(true);

    await setClock(91);
    const expired = await api<{ expired: string[] }>('/__test/expiry', {});
    expect(expired.body.expired).toContain(created._id);
    // hidden: its detail answers not found
    await page.goto(anuncioPath(created._id));
    await expect(page.getByText(MSG.regresaPaginaPrincipal)).toBeVisible();

    // no session in this browser: the link alone renews
    await page.goto(sitePath(link));
    await expect(page.getByText(MSG.anuncioRenovado)).toBeVisible();
    await page.getByRole('button', { name: 'Ver anuncio' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // single use: opened again, the link says it already renewed (issue 39) instead of an error;
    // that nothing moves is the API's test (listing-expiry.test.ts)
    await page.goto(sitePath(link));
    await expect(page.getByText(MSG.anuncioYaRenovado)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await setClock(0);
  }
  await deleteAllListings(user);
});

test("another user's edit link sends them to the home page", async ({ page }) => {
  const owner = await createConfirmedUser();
  const other = await createConfirmedUser({ name: 'Otro' });
  const created = await listingWithPhoto(owner, `Ajeno e2e ${Date.now().toString(36)}`);
  await loginAs(page, other);
  await page.goto(`/editarAnuncio/${created._id}`);
  await expect(page).toHaveURL(new RegExp(`${E2E.siteUrl}/$`));
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
  await deleteAllListings(owner);
});
