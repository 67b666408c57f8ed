/**
 * A partner's listing imported from its feed (issue 13) shows 'Empresa: {display name}' on its
 * card and on its detail page. The feed (support/data/hazim-feed.xml) is imported by the API's
 * scheduler when the portal starts.
 */
import { test, expect, api } from '../support/fixtures';
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
});
