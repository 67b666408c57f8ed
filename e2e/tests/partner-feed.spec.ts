/**
 * A partner's listing imported from its feed (issue 13) shows 'Empresa: {display name}' on its
 * card and on its detail page, the name read from the API's agencies (issue 46). The feed
 * (support/data/hazim-feed.xml) is given to the partner by `npm run agencies -- feed` in the
 * global setup and imported by the API's scheduler when the portal starts. Issue 46: an owner's
 * listing says "Dueño directo"; the search panel's "Anunciante" filters by it, in the address.
 */
import { test, expect, api } from '../support/fixtures';
import { cards } from '../support/journey-steps';
import type { AllAnunciosResponse } from 'shared-contracts';

const TITLE = 'Villa frente al mar importada de Hazim';

async function importedListing() {
  let found: AllAnunciosResponse['anuncios'][number] | undefined;
  await expect
    .poll(async () => {
      const res = await api<AllAnunciosResponse>('/allAnuncios', { filters: { region: 'La Altagracia', propiedad: 'Villa' }, page: 0 });
      found = res.body.anuncios.find((a) => a.title === TITLE);
      return Boolean(found);
    }, { timeout: 30_000 })
    .toBe(true);
  return found!;
}

test('an imported partner listing shows its company on the card and the detail', async ({ page }) => {
  const anuncio = await importedListing();
  expect(anuncio).toMatchObject({ source: 'hazim', proposito: 'venta', propiedad: 'Villa', moneda: 'US', price: 875000, habitaciones: 5 });

  await page.goto('/');
  const card = page.locator('article, .ant-card').filter({ hasText: TITLE }).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('Empresa: Hazim');

  await page.goto(`/anuncioDetailedView/${anuncio._id}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('Empresa: Hazim')).toBeVisible();

  // the server's HTML already names the agency (issue 46: the names are embedded with the page),
  // on the detail and on the card of a search that lists it
  for (const url of [`/anuncioDetailedView/${anuncio._id}`, '/?region=La+Altagracia&propiedad=Villa&anunciante=inmobiliaria']) {
    const html = await (await page.request.get(url)).text();
    expect(html, url).toContain('Empresa: Hazim');
  }
});

test('issue 46: "Solo dueño directo" from the panel lists owners only, in the address; "Solo inmobiliarias" lists the partner', async ({ page }) => {
  await importedListing();
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Más filtros' }).click();
  const box = page.getByRole('combobox', { name: 'Anunciante', exact: true });
  await box.focus();
  await box.press('ArrowDown');
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  for (let i = 0; i < 3 && (await active.getAttribute('title')) !== 'Solo dueño directo'; i++) await box.press('ArrowDown');
  await expect(active).toHaveAttribute('title', 'Solo dueño directo');
  await box.press('Enter');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/[?&]anunciante=dueno(&|$)/);
  await expect(cards(page).first()).toBeVisible();
  const n = await cards(page).count();
  await expect(cards(page).filter({ hasText: 'Dueño directo' })).toHaveCount(n);
  await expect(cards(page).filter({ hasText: 'Empresa:' })).toHaveCount(0);

  await page.goto('/?region=La+Altagracia&propiedad=Villa&anunciante=inmobiliaria');
  const card = cards(page).filter({ hasText: TITLE });
  await expect(card).toContainText('Empresa: Hazim');
  await expect(cards(page).filter({ hasText: 'Dueño directo' })).toHaveCount(0);
});
