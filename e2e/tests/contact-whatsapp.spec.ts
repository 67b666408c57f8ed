/**
 * Issue 21 in the browser: WhatsApp with a prefilled message from the card and the detail, the share
 * button's copy-link fallback and its WhatsApp link, both currencies beside the price, and the
 * seller's figures rising on my listings after a visit, a reveal and a WhatsApp press.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { MSG, anuncioPath, type Anuncio } from 'shared-contracts';
import { test, expect, createConfirmedUser, loginAs, type TestUser } from '../support/fixtures';
import { E2E } from '../support/env';
import { cards, deleteAllListings } from '../support/journey-steps';

async function publish(user: TestUser, title: string): Promise<Anuncio> {
  const form = new FormData();
  const fields: Record<string, string> = {
    title, price: '193000', moneda: 'US', description: 'Creado por la prueba de WhatsApp', name: user.name, apellido: user.apellido,
    movil: '(809) 555-0142', email: user.email, address: 'Naco, Distrito Nacional', latitude: '18.4755', longitude: '-69.9312',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${E2E.apiUrl}/anuncio`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(201);
  return (await res.json()) as Anuncio;
}

/** wa.me is outside this machine's reach: the tab WhatsApp would open gets a stand-in page. */
async function standInForWhatsApp(context: BrowserContext) {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title><p>WhatsApp</p>' }));
}

/** Presses WhatsApp and returns the address the new tab was sent to. */
async function pressWhatsApp(page: Page, scope: ReturnType<Page['locator']>): Promise<URL> {
  const tab = page.context().waitForEvent('page');
  await scope.getByRole('button', { name: 'WhatsApp', exact: true }).click();
  const opened = await tab;
  await opened.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(opened.url());
  await opened.close();
  return url;
}

const stats = (page: Page, title: string) => page.getByLabel(`Estadísticas de ${title}`);

test('WhatsApp from the detail and the card, share by copying the link, both currencies, and the figures on my listings', async ({ page, context }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser();
  const title = `WhatsApp e2e ${Date.now().toString(36)}`;
  const listing = await publish(user, title);
  const absolute = `${E2E.siteUrl}${anuncioPath(listing._id)}`;
  const message = `Hola, me interesa su anuncio "${title}" (US$ 193,000) en InmueblesRD: ${absolute}`;
  await standInForWhatsApp(context);
  // the copy-link fallback: a browser without the Web Share API
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E.siteUrl });

  // the detail (rendered on the server): both currencies, WhatsApp to the seller with the listing named
  await page.goto(anuncioPath(listing._id));
  await expect(page.locator('.anuncio-detail .precio')).toHaveText('US$ 193,000 · ≈ RD$ 11,580,000');
  const detail = page.locator('.anuncio-detail');
  const fromDetail = await pressWhatsApp(page, detail);
  expect(`${fromDetail.origin}${fromDetail.pathname}`).toBe('https://wa.me/18095550142');
  expect(fromDetail.searchParams.get('text')).toBe(message);
  // once revealed it stays a wa.me link
  await expect(detail.getByRole('link', { name: 'WhatsApp', exact: true })).toHaveAttribute('href', `https://wa.me/18095550142?text=${encodeURIComponent(message)}`);

  // share: no share sheet here, so the address is copied and a toast confirms it; and a WhatsApp share link
  await detail.getByRole('button', { name: MSG.compartir }).click();
  await expect(page.getByRole('status').filter({ hasText: MSG.enlaceCopiado })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(absolute);
  const shareHref = await detail.getByRole('link', { name: MSG.compartirWhatsapp }).getAttribute('href');
  expect(new URL(shareHref!).searchParams.get('text')).toContain(absolute);
  expect(shareHref!.startsWith('https://wa.me/?text=')).toBe(true);

  // the card on home: the same line of prices and the same WhatsApp message
  await page.goto('/');
  const card = cards(page).filter({ hasText: title });
  await expect(card.locator('.precio')).toHaveText('US$ 193,000 · ≈ RD$ 11,580,000');
  const fromCard = await pressWhatsApp(page, card);
  expect(fromCard.pathname).toBe('/18095550142');
  expect(fromCard.searchParams.get('text')).toBe(message);

  // the seller's figures: one view (the detail), no reveal yet, two WhatsApp presses
  await loginAs(page, user);
  await page.goto('/misAnuncios');
  await expect(stats(page, title)).toHaveText('1 vista · 0 contactos · 2 WhatsApp');
  await expect(page.locator('.estadisticas-total')).toContainText('1 vista · 0 contactos · 2 WhatsApp');

  // a visitor reveals the phone on the detail: the figure rises; the same visitor's second view today does not count
  await page.goto(anuncioPath(listing._id));
  await page.locator('.anuncio-detail').getByRole('button', { name: MSG.contacto }).click();
  await expect(page.locator('.anuncio-detail').getByRole('link', { name: '+1 (809) 555-0142' })).toHaveAttribute('href', 'tel:+18095550142');
  await page.goto('/misAnuncios');
  await expect(stats(page, title)).toHaveText('1 vista · 1 contacto · 2 WhatsApp');

  await deleteAllListings(user);
});
