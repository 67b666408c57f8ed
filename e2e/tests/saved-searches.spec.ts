/**
 * Favourites and saved searches in the browser (issue 22), at 1280 px and 390 px: a visitor hearts
 * a card, logs in and finds it in /favoritos (greyed once sold); a visitor's "Guardar búsqueda"
 * goes through /login back to the same search; another user publishes a match, the instant alert
 * arrives on the real SMTP receiver, its link opens the listing; the unsubscribe works in one
 * click, from the email's link and from the List-Unsubscribe header (RFC 8058).
 */
import { SAVED_MSG, anuncioPath, type Anuncio } from 'shared-contracts';
import { test, expect, api, createConfirmedUser, type TestUser } from '../support/fixtures';
import { E2E } from '../support/env';
import { mailsTo, waitForLink } from '../support/mailbox';
import { deleteAllListings, navigate, sitePath, submitLogin } from '../support/journey-steps';

const apartmentFields = (user: TestUser, title: string, price: number): Record<string, string> => ({
  title, proposito: 'venta', propiedad: 'Apartamento', moneda: 'US', price: String(price), description: 'Creado por la prueba de favoritos',
  name: user.name, apellido: user.apellido, movil: '8095550000', email: user.email, address: 'Naco, Distrito Nacional', latitude: '18.4755', longitude: '-69.9312',
});

/** POST /anuncio, or PUT /anuncio/{id} (no photos), as the owner. */
async function sendApartment(user: TestUser, fields: Record<string, string>, id?: string): Promise<Anuncio> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${E2E.apiUrl}/anuncio${id ? `/${id}` : ''}`, { method: id ? 'PUT' : 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(id ? 200 : 201);
  return (await res.json()) as Anuncio;
}

/** A US$ apartment for sale at a price no other spec uses, so its search finds only this test's listings. */
const publishApartment = (user: TestUser, title: string, price: number) => sendApartment(user, apartmentFields(user, title, price));

const uniquePrice = () => 100_000 + Math.floor(Math.random() * 800_000);
const searchUrl = (price: number) => `/?proposito=venta&propiedad=Apartamento&precioMin=${price}&precioMax=${price}&moneda=US`;

test('heart a card as a visitor, log in, find it in /favoritos; sold, it shows greyed with its status', async ({ page, viewport }) => {
  test.setTimeout(120_000);
  const owner = await createConfirmedUser();
  const visitor = await createConfirmedUser();
  const price = uniquePrice();
  const title = `Favorito e2e ${Date.now().toString(36)}`;
  const listing = await publishApartment(owner, title, price);
  try {
    // The server-rendered home already has the heart (not saved: the server knows no favourites).
    const html = await (await page.request.get(`${E2E.siteUrl}${searchUrl(price)}`)).text();
    expect(html).toContain(`aria-label="${SAVED_MSG.guardarFavorito}"`);

    await page.goto(searchUrl(price));
    const card = page.locator('.anuncio-card', { hasText: title });
    await card.getByRole('button', { name: SAVED_MSG.guardarFavorito }).click();
    await expect(card.getByRole('button', { name: SAVED_MSG.quitarFavorito })).toBeVisible();
    // kept in this browser across a reload
    await page.reload();
    await expect(page.locator('.anuncio-card', { hasText: title }).getByRole('button', { name: SAVED_MSG.quitarFavorito })).toBeVisible();

    await page.goto('/login');
    await submitLogin(page, visitor.email, visitor.password);
    await expect(page).toHaveURL(`${E2E.siteUrl}/`);
    await navigate(page, viewport, 'FAVORITOS', 'Favoritos');
    await expect(page).toHaveURL(/\/favoritos$/);
    const saved = page.locator('.anuncio-card', { hasText: title });
    await expect(saved).toBeVisible();
    await expect(saved.getByRole('button', { name: SAVED_MSG.quitarFavorito })).toBeVisible();
    // merged into the account on the server
    const list = await api<{ favoritos: { anuncioId: string }[] }>('/favoritos', undefined, (await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token)) as string, 'GET');
    expect(list.body.favoritos.map((f) => f.anuncioId)).toEqual([listing._id]);

    expect((await api(`/anuncio/${listing._id}/estado`, { estado: 'vendido' }, owner.token)).status).toBe(200);
    await page.reload();
    const sold = page.locator('.favorito-inactivo', { hasText: title });
    await expect(sold).toContainText('Vendido');
    await expect(sold.locator('> div')).toHaveCSS('filter', 'grayscale(1)');
  } finally {
    await deleteAllListings(owner);
  }
});

test('save a search (a visitor logs in and comes back to it), get the instant alert for a new match, open it, unsubscribe in one click', async ({ page, viewport }) => {
  test.setTimeout(150_000);
  const user = await createConfirmedUser();
  const owner = await createConfirmedUser();
  const price = uniquePrice();
  try {
    await page.goto(searchUrl(price));
    await page.getByRole('button', { name: SAVED_MSG.guardarBusqueda }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await submitLogin(page, user.email, user.password);
    // back on the same search
    await expect.poll(() => new URL(page.url()).search).toBe(new URL(`${E2E.siteUrl}${searchUrl(price)}`).search);

    await page.getByRole('button', { name: SAVED_MSG.guardarBusqueda }).click();
    const dialog = page.getByRole('dialog');
    const amount = price.toLocaleString('en-US');
    await expect(dialog.getByLabel('Nombre')).toHaveValue(`Apartamentos en venta, de US$ ${amount} a US$ ${amount}`);
    await expect(dialog.getByRole('radio', { name: 'Instantáneo' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByRole('status')).toContainText(SAVED_MSG.busquedaGuardada);
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await expect(dialog).toBeHidden();
    // The same search again is said so at once, with the name it was saved as (issue 39).
    await page.getByRole('button', { name: SAVED_MSG.guardarBusqueda }).click();
    await expect(dialog.getByRole('alert')).toContainText(SAVED_MSG.busquedaRepetida(`Apartamentos en venta, de US$ ${amount} a US$ ${amount}`));
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await expect(dialog).toBeHidden();

    // Another user publishes a match; the job's next run (here at once, by the test route) sends the alert.
    const title = `Alerta e2e ${Date.now().toString(36)}`;
    const match = await publishApartment(owner, title, price);
    expect((await api('/__test/alerts', {})).status).toBe(200);
    const link = await waitForLink(user.email, '/anuncioDetailedView/', { timeoutMs: 30_000 });
    expect(sitePath(link)).toBe(anuncioPath(match._id));
    const mail = mailsTo(user.email).at(-1)!;
    expect(mail.raw).toContain(title);
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // My searches: Ver opens home with the search as a URL.
    await navigate(page, viewport, 'MIS BÚSQUEDAS', 'Mis Búsquedas');
    const item = page.locator('.busqueda-item').first();
    await expect(item).toContainText(`Apartamentos en venta, de US$ ${amount}`);
    await item.getByRole('link', { name: 'Ver' }).click();
    await expect(page.locator('.anuncio-card', { hasText: title })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('precioMax')).toBe(String(price));

    // One click from the email's link, in a browser with no session.
    const unsubscribe = await waitForLink(user.email, '/bajaAlertas/');
    await navigate(page, viewport, 'SALIR', 'Salir');
    await page.goto(sitePath(unsubscribe));
    await expect(page.getByText(SAVED_MSG.bajaHecha)).toBeVisible();
    // The mail program's one click (RFC 8058): a form POST to the header's URL.
    const header = /List-Unsubscribe:\s*<([^>]+)>/.exec(mail.raw.replace(/\r?\n\s+/g, ' '))![1];
    const posted = await fetch(header, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(200);
    // (SALIR revoked the account's tokens: a fresh one)
    const { token } = (await api<{ token: string }>('/api/user/login', { email: user.email, password: user.password })).body;
    const searches = await api<{ busquedas: { alertas: boolean }[] }>('/busquedas', undefined, token, 'GET');
    expect(searches.body.busquedas.map((b) => b.alertas)).toEqual([false]);
    // No more alerts for it.
    const before = mailsTo(user.email).length;
    await publishApartment(owner, `${title} bis`, price);
    await api('/__test/alerts', {});
    await page.waitForTimeout(1_000);
    expect(mailsTo(user.email)).toHaveLength(before);
  } finally {
    await deleteAllListings(owner);
  }
});

test('a favourite that drops in price emails a buyer with no saved search; its link stops only price drops, and Favoritos turns them on again', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await createConfirmedUser();
  const buyer = await createConfirmedUser();
  const price = uniquePrice();
  const title = `Bajada e2e ${Date.now().toString(36)}`;
  try {
    const listing = await publishApartment(owner, title, price);
    expect((await api(`/favoritos/${listing._id}`, undefined, buyer.token, 'PUT')).status).toBe(200);
    await sendApartment(owner, { ...apartmentFields(owner, title, price - 1000), fotos: '[]', quitadas: '[]' }, listing._id);
    expect((await api('/__test/alerts', {})).status).toBe(200);
    const unsubscribe = await waitForLink(buyer.email, '/bajaAvisosPrecio/', { timeoutMs: 30_000 });
    const mail = mailsTo(buyer.email).at(-1)!;
    expect(mail.raw).toContain(title);
    // both currencies, the price before (the mailbox reads the body's bytes as Latin-1: "·" and "≈" are not compared)
    const now = (price - 1000).toLocaleString('en-US');
    expect(mail.raw).toMatch(new RegExp(`US\\$ ${now} .{1,12} RD\\$ [\\d,]+ \\(antes US\\$ ${price.toLocaleString('en-US')}\\)`));

    await page.goto('/login');
    await submitLogin(page, buyer.email, buyer.password);
    await expect(page).toHaveURL(`${E2E.siteUrl}/`);
    await page.goto(sitePath(unsubscribe));
    await expect(page.getByText(SAVED_MSG.bajaAvisosPrecioHecha)).toBeVisible();
    await page.getByRole('button', { name: 'Ir a Favoritos' }).click();
    await expect(page).toHaveURL(/\/favoritos$/);
    const toggle = page.getByRole('switch', { name: SAVED_MSG.avisosPrecio });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token)) as string;
    expect((await api<{ avisosPrecio: boolean }>('/favoritos', undefined, token, 'GET')).body.avisosPrecio).toBe(true);
  } finally {
    await deleteAllListings(owner);
  }
});
