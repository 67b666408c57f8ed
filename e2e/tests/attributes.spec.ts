/**
 * Issue 42 in the browser, at 1280 px and 390 px (the two projects): publish a furnished apartment
 * for rent with 2 parking spaces and a full power plant through the form, find it with those
 * filters from the panel, sort by price both ways, see the price per m² and the rent's period,
 * reload and share the address (a new page shows the same), save the search (its proposed name
 * names the new filters) and receive the instant alert for a new match on the SMTP receiver.
 */
import type { Page } from '@playwright/test';
import { ORDEN_LABELS, anuncioPath, proposeSearchName, type Anuncio, type Filters } from 'shared-contracts';
import { test, expect, api, createConfirmedUser, loginAs, type TestUser } from '../support/fixtures';
import { E2E } from '../support/env';
import { mailsTo, waitForLink } from '../support/mailbox';
import { cards, choose, deleteAllListings, navigate, sitePath } from '../support/journey-steps';

/** A furnished rental with 2 parking spaces and a power plant, over the API (multipart, as the form sends). */
async function publishRental(owner: TestUser, title: string, price: number, extra: Record<string, string> = {}): Promise<Anuncio> {
  const fields: Record<string, string> = {
    title, proposito: 'alquiler', propiedad: 'Apartamento', moneda: 'RD', price: String(price), metros: '100', description: 'Creado por la prueba de atributos',
    name: owner.name, apellido: owner.apellido, movil: '8095550000', email: owner.email, address: 'Piantini, Distrito Nacional', latitude: '18.4706', longitude: '-69.9390',
    parqueos: '2', amueblado: 'si', respaldo: 'planta', ...extra,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${E2E.apiUrl}/anuncio`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Anuncio;
}

/**
 * An antd Select by keyboard only (the form's new choices must be usable without a pointer): focus,
 * ↓ opens, ↓ moves to the option, Enter chooses. Also spares the tap that can land while the
 * list is still sliding in on a phone.
 */
async function chooseByKeyboard(page: Page, field: string, option: string) {
  const box = page.getByRole('combobox', { name: field, exact: true });
  await box.focus();
  await box.press('ArrowDown');
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await expect(active).toHaveCount(1);
  for (let i = 0; i < 10 && (await active.getAttribute('title')) !== option; i++) await box.press('ArrowDown');
  await expect(active).toHaveAttribute('title', option);
  await box.press('Enter');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(box.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText(option);
}

const money = (n: number) => n.toLocaleString('en-US');
const cardTitles = (page: Page) => cards(page).locator('h3').allTextContents();

/** The form of /agregarAnuncio with issue 42's fields; the address from the geocoder search. */
async function publishThroughForm(page: Page, title: string, price: number) {
  await page.goto('/agregarAnuncio');
  await choose(page, 'Propósito', 'Alquiler', false);
  await choose(page, 'Tipo de propiedad', 'Apartamento', false);
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Precio', { exact: true }).fill(String(price));
  await page.getByLabel('Metros (m²)').fill('100');
  await page.getByLabel('Descripción').fill('Amueblado, con planta full y dos parqueos.');
  await page.getByLabel('Celular').fill('8095551234');
  await page.getByLabel('Baños', { exact: true }).fill('1');
  const caracteristicas = page.getByRole('group', { name: 'Características' });
  await caracteristicas.getByLabel('Parqueos', { exact: true }).fill('2');
  await caracteristicas.getByLabel('Medios baños').fill('1');
  await chooseByKeyboard(page, 'Amueblado', 'Amueblado');
  await chooseByKeyboard(page, 'Respaldo eléctrico', 'Planta eléctrica full');
  // the delivery month is asked only for a project
  await expect(page.getByLabel('Entrega', { exact: true })).toHaveCount(0);
  await page.getByLabel('Calle y edificio').fill('Calle Gustavo Mejía Ricart, Torre e2e');
  await page.getByPlaceholder('Escribe la dirección').fill('Santo Domingo de');
  await page.getByRole('button', { name: /Santo Domingo de Guzmán, Distrito Nacional/ }).first().click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await caracteristicas.screenshot({ path: test.info().outputPath('caracteristicas.png') });
  await page.getByRole('button', { name: /Publicar anuncio/ }).click();
  await expect(page).toHaveURL(/\/misAnuncios$/, { timeout: 30_000 });
}

/** The panel: purpose, then the extra block's price range and issue 42's filters; Buscar. */
async function searchFromPanel(page: Page, base: number) {
  await page.goto('/');
  await choose(page, 'Propósito', 'Alquiler', false);
  await page.getByRole('button', { name: 'Más filtros' }).click();
  await page.getByRole('spinbutton', { name: 'Precio mín.' }).fill(String(base));
  await page.getByRole('spinbutton', { name: 'Precio máx.' }).fill(String(base + 2000));
  await page.getByRole('spinbutton', { name: 'Parqueos (mínimo)' }).fill('2');
  await chooseByKeyboard(page, 'Amueblado', 'Amueblado');
  await chooseByKeyboard(page, 'Respaldo eléctrico', 'Planta eléctrica full');
  await page.getByRole('button', { name: 'Buscar' }).click();
}

test('publish a furnished apartment with 2 parking spaces and a power plant, find it, sort it, share it, save the search and get the alert', async ({ page, viewport }) => {
  test.setTimeout(240_000);
  const user = await createConfirmedUser();
  const other = await createConfirmedUser();
  const stamp = Date.now().toString(36);
  // a price range no other spec uses: this test's listings are the only ones in it
  const base = 30_000 + Math.floor(Math.random() * 400) * 1_000_000;
  const titles = { mine: `Amueblado e2e ${stamp}`, cheap: `Barato e2e ${stamp}`, dear: `Caro e2e ${stamp}`, bare: `Sin amueblar e2e ${stamp}`, alert: `Alerta e2e ${stamp}` };
  try {
    await loginAs(page, user);
    await publishThroughForm(page, titles.mine, base + 1000);
    await publishRental(other, titles.cheap, base);
    await publishRental(other, titles.dear, base + 2000);
    await publishRental(other, titles.bare, base + 1500, { amueblado: 'no' });

    await searchFromPanel(page, base);
    const wanted: Filters = { proposito: 'alquiler', precioMin: base, precioMax: base + 2000, parqueosMin: 2, amueblado: 'si', respaldo: 'planta' };
    await expect(page).toHaveURL(`${E2E.siteUrl}/?proposito=alquiler&precioMin=${base}&precioMax=${base + 2000}&parqueosMin=2&amueblado=si&respaldo=planta`);
    await expect(page.getByText('3 anuncios', { exact: true })).toBeVisible();
    // newest first: the unfurnished one is not there
    await expect.poll(() => cardTitles(page)).toEqual([titles.dear, titles.cheap, titles.mine]);

    // the card: the rent's period, the price per m², the street line beside the sector
    const card = cards(page).filter({ hasText: titles.mine });
    await expect(card.locator('.precio')).toContainText(`RD$ ${money(base + 1000)}/mes`);
    await expect(card.locator('.precio-m2')).toContainText(`RD$ ${money(Math.round((base + 1000) / 100))}/m²`);
    await expect(card).toContainText('Calle Gustavo Mejía Ricart, Torre e2e · ');

    await choose(page, 'Ordenar por', ORDEN_LABELS.precio_asc, false);
    await expect(page).toHaveURL(/&respaldo=planta&orden=precio_asc$/);
    await expect.poll(() => cardTitles(page)).toEqual([titles.cheap, titles.mine, titles.dear]);
    await choose(page, 'Ordenar por', ORDEN_LABELS.precio_desc, false);
    await expect(page).toHaveURL(/&respaldo=planta&orden=precio_desc$/);
    await expect.poll(() => cardTitles(page)).toEqual([titles.dear, titles.mine, titles.cheap]);
    await page.screenshot({ path: test.info().outputPath('resultados.png') });

    // reload, and the address shared: a new page shows the same search in the same order
    const url = page.url();
    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual([titles.dear, titles.mine, titles.cheap]);
    const shared = await page.context().newPage();
    await shared.goto(url);
    await expect.poll(() => cardTitles(shared)).toEqual([titles.dear, titles.mine, titles.cheap]);
    await expect(shared.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue(ORDEN_LABELS.precio_desc);
    await shared.close();

    // the detail: the attribute list and the price per m²
    await card.getByRole('link', { name: 'Información' }).click();
    await expect(page.getByRole('heading', { level: 1, name: titles.mine })).toBeVisible();
    const detalles = page.getByRole('region', { name: 'Detalles del inmueble' });
    const rows = () => detalles.locator('dl > div').evaluateAll((divs) => divs.map((d) => `${d.querySelector('dt')?.textContent}: ${d.querySelector('dd')?.textContent}`));
    await expect.poll(rows).toEqual(['Parqueos: 2 parqueos', 'Amueblado: Amueblado', 'Respaldo eléctrico: Planta eléctrica full']);
    await expect(page.getByLabel('Características')).toContainText('1½ baños');
    await expect(page.locator('.anuncio-detail .precio-m2')).toContainText('/m²');
    await page.goBack();

    // save the search: its name names the new filters; the alert arrives for a new match
    await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Nombre')).toHaveValue(proposeSearchName(wanted));
    await expect(dialog.getByLabel('Nombre')).toHaveValue(/2\+ parqueos, amueblado, planta eléctrica full/);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await expect(dialog).toBeHidden();

    const match = await publishRental(other, titles.alert, base + 500);
    await publishRental(other, `No coincide e2e ${stamp}`, base + 600, { parqueos: '1' });
    expect((await api('/__test/alerts', {})).status).toBe(200);
    const link = await waitForLink(user.email, '/anuncioDetailedView/', { timeoutMs: 30_000 });
    expect(sitePath(link)).toBe(anuncioPath(match._id));
    const mail = mailsTo(user.email).at(-1)!;
    expect(mail.raw).toContain(titles.alert);
    expect(mail.raw).not.toContain(`No coincide e2e ${stamp}`);

    await navigate(page, viewport, 'MIS BÚSQUEDAS', 'Mis Búsquedas');
    await expect(page.locator('.busqueda-item').first()).toContainText('2+ parqueos, amueblado, planta eléctrica full');
  } finally {
    await deleteAllListings(user);
    await deleteAllListings(other);
  }
});

test('a landing page with an attribute is server-rendered with its title, h1 and canonical, lists only what has it; unknown attributes are 404', async ({ page }) => {
  const owner = await createConfirmedUser();
  const stamp = Date.now().toString(36);
  const naco = { place: 'Santo Domingo de Guzmán', region: 'Distrito Nacional', locality: 'Naco' };
  try {
    await publishRental(owner, `Naco amueblado e2e ${stamp}`, 61_000, naco);
    await publishRental(owner, `Naco sin amueblar e2e ${stamp}`, 62_000, { ...naco, amueblado: 'no' });
    for (const url of ['/alquiler/apartamento/naco/barato', '/alquiler/solar/naco/amueblado', '/alquiler/apartamento/naco/amueblado/mas']) {
      const res = await fetch(`${E2E.siteUrl}${url}`);
      expect([url, res.status]).toEqual([url, 404]);
    }
    // another name of the place: the canonical is the place's own slug, with the attribute
    const res = await fetch(`${E2E.siteUrl}/alquiler/apartamento/ensanche-naco/amueblado`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('<title>Apartamentos amueblados en alquiler en Naco | InmueblesRD</title>');
    expect(body).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/alquiler\/apartamento\/naco\/amueblado"/);
    expect(body).toContain(`Naco amueblado e2e ${stamp}`);
    expect(body).not.toContain(`Naco sin amueblar e2e ${stamp}`);
    // the sitemap names the page, so search engines find it
    const sitemap = await (await fetch(`${E2E.siteUrl}/sitemap-lugares.xml`)).text();
    expect(sitemap).toContain(`<loc>${E2E.siteUrl}/alquiler/apartamento/naco/amueblado</loc>`);

    await page.goto('/alquiler/apartamento/naco/amueblado');
    await expect(page.getByRole('heading', { level: 1, name: 'Apartamentos amueblados en alquiler en Naco' })).toBeVisible();
    await expect(cards(page).filter({ hasText: `Naco amueblado e2e ${stamp}` })).toBeVisible();
    await expect(cards(page).filter({ hasText: `Naco sin amueblar e2e ${stamp}` })).toHaveCount(0);
  } finally {
    await deleteAllListings(owner);
  }
});
