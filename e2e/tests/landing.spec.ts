/**
 * Landing pages of places (issue 39), over real HTTP against the site server the browser tests
 * start, and in Chromium at 1280 and 390 px: a known sector answers 200 with or without listings
 * (without: "no hay anuncios", "Guardar búsqueda" and noindex), an unknown type or place 404.
 */
import { LANDING_MSG, SAVED_MSG, type AllAnunciosResponse, type Anuncio } from 'shared-contracts';
import { test, expect, api, createConfirmedUser, type TestUser } from '../support/fixtures';
import { E2E } from '../support/env';
import { deleteAllListings } from '../support/journey-steps';

const html = async (url: string) => {
  const res = await fetch(`${E2E.siteUrl}${url}`);
  return { status: res.status, body: await res.text() };
};
const NOINDEX = '<meta name="robots" content="noindex" />';
const PIANTINI = '/venta/apartamento/piantini';
const EMPTY_TEXT = LANDING_MSG.sinAnuncios('Apartamentos en venta en Piantini');

/** This spec's precondition: the demo catalogue and the other specs put no apartment for sale in Piantini. */
async function piantiniCount(): Promise<number> {
  const res = await api<AllAnunciosResponse>('/allAnuncios', { filters: { proposito: 'venta', propiedad: 'Apartamento', locality: 'Piantini' }, page: 0 });
  return res.body.count;
}

async function publishInPiantini(user: TestUser, title: string, locality = 'Piantini'): Promise<Anuncio> {
  const form = new FormData();
  const fields: Record<string, string> = {
    title, proposito: 'venta', propiedad: 'Apartamento', moneda: 'US', price: '245000', description: 'Creado por la prueba de páginas de lugares',
    name: user.name, apellido: user.apellido, movil: '8095550000', email: user.email,
    place: 'Santo Domingo de Guzmán', region: 'Distrito Nacional', locality, address: 'Av. Abraham Lincoln, Piantini', latitude: '18.4705', longitude: '-69.9385',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${E2E.apiUrl}/anuncio`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(201);
  return (await res.json()) as Anuncio;
}

test('an unknown property type or place under /venta or /alquiler answers 404, never the whole catalogue', async () => {
  for (const url of ['/venta/foo', '/venta/casa/foo', '/alquiler/foo', '/alquiler/apartamento/no-existe-aqui', '/venta/casa/piantini/mas']) {
    const res = await html(url);
    expect([url, res.status]).toEqual([url, 404]);
    expect(res.body).not.toContain('class="anuncio-card"');
  }
});

test('a known sector without listings: 200, "no hay anuncios", "Guardar búsqueda", noindex; another name of it points to its own address', async ({ page }) => {
  expect(await piantiniCount()).toBe(0);
  const res = await html(PIANTINI);
  expect(res.status).toBe(200);
  expect(res.body).toContain('<title>Apartamentos en venta en Piantini | InmueblesRD</title>');
  expect(res.body).toContain(NOINDEX);
  expect(res.body).toContain(EMPTY_TEXT);
  expect(res.body).toContain(SAVED_MSG.guardarBusqueda);
  expect(res.body).not.toContain('class="anuncio-card"');
  // a sector no licensed source has a point for is a place all the same; "Ensanche Naco" is Naco
  const naco = await html('/alquiler/casa/ensanche-naco');
  expect(naco.status).toBe(200);
  expect(naco.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/alquiler\/casa\/naco"/);

  await page.goto(PIANTINI);
  await expect(page.getByRole('heading', { level: 1, name: 'Apartamentos en venta en Piantini' })).toBeVisible();
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  const save = page.getByRole('button', { name: SAVED_MSG.guardarBusqueda });
  await expect(save).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('landing-sin-anuncios.png'), fullPage: true });
  // a visitor is asked to log in and comes back to this very page
  await save.click();
  await expect(page).toHaveURL(`${E2E.siteUrl}/login?next=${encodeURIComponent(PIANTINI)}`);
});

test('the same address with a listing: 200 with its card, indexable, and in the sitemap', async () => {
  const owner = await createConfirmedUser();
  const title = `Apartamento en Piantini e2e ${Date.now().toString(36)}`;
  await publishInPiantini(owner, title);
  try {
    const res = await html(PIANTINI);
    expect(res.status).toBe(200);
    expect(res.body).toContain('class="anuncio-card"');
    expect(res.body).toContain(title);
    expect(res.body).not.toContain(NOINDEX);
    expect(res.body).not.toContain(EMPTY_TEXT);
    expect((await html('/sitemap-lugares.xml')).body).toContain(`<loc>${E2E.siteUrl}${PIANTINI}</loc>`);
  } finally {
    await deleteAllListings(owner);
  }
  expect(await piantiniCount()).toBe(0);
  expect((await html('/sitemap-lugares.xml')).body).not.toContain(`<loc>${E2E.siteUrl}${PIANTINI}</loc>`);
});

test("a seller's hostile place name becomes a plain slug and escaped text: no tag of it reaches the page", async () => {
  const owner = await createConfirmedUser();
  const hostile = '<img src=x onerror=alert(1)>"Mi Barrio\'';
  await publishInPiantini(owner, `Apartamento e2e ${Date.now().toString(36)}`, hostile);
  try {
    const slug = '/venta/apartamento/img-src-x-onerror-alert-1-mi-barrio';
    expect((await html('/sitemap-lugares.xml')).body).toContain(`<loc>${E2E.siteUrl}${slug}</loc>`);
    const res = await html(slug);
    expect(res.status).toBe(200);
    expect(res.body).toContain('class="anuncio-card"');
    expect(res.body).not.toContain('<img src=x');
    const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1] ?? '';
    expect(title).toMatch(/^Apartamentos en venta en &lt;img src=x onerror=alert\(1\)&gt;(&quot;|&#34;)Mi Barrio(&#39;|&#x27;|') \| InmueblesRD$/);
  } finally {
    await deleteAllListings(owner);
  }
});
