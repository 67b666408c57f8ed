/**
 * axe-core on every route of SPEC §2, logged out and logged in, in the light and the dark scheme,
 * at 1280 px and 390 px (the two projects): no serious or critical violation, and none at all of
 * the rules for image alt texts, form labels, button names and colour contrast. Issue 39: the map
 * popup open, and pages carrying the long words of support/long-words.ts (at 390 px in the phone
 * project) are among the routes. Each route's
 * screenshot (light scheme) is kept under test-results/screenshots/<project>/ for the gallery.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, api, createConfirmedUser, loginAs, uniqueEmail, type TestUser } from '../support/fixtures';
import { waitForLink } from '../support/mailbox';
import { E2E } from '../support/env';
import { createListingOverApi, deleteAllListings, sitePath } from '../support/journey-steps';
import { openAPin } from '../support/map-steps';
import { COLOR_SCHEME_STORAGE_KEY, MSG, type AllAnunciosResponse } from 'shared-contracts';
import { settleAnimations } from '../support/settle';
import { favouriteAndSaveSearch, publishLongWordsListing } from '../support/long-words';

/** Rules the issue names: these may not fail at any impact. */
const NAMED_RULES = ['image-alt', 'label', 'button-name', 'select-name', 'input-button-name', 'link-name', 'color-contrast'];
const SHOTS = path.join(E2E.root, 'test-results', 'screenshots');

interface Route {
  name: string;
  path: () => string;
  /** What a user does first to reach the state to check (an error shown after submitting). */
  act?: (page: Page) => Promise<void>;
  /** The state to check: loaded, not a spinner. */
  ready: (page: Page) => Locator;
}

let anuncioId = '';
let ownId = '';
let confirmLink = '';
let resetLink = '';
let user: TestUser;
let longWords: { _id: string; place: string } = { _id: '', place: '' };

const main = (page: Page) => page.getByRole('main');
// the detail's map loads when it comes near the screen: scroll to it so axe checks it too
const showDetailMap = (p: Page) => p.locator('.anuncio-detail-map-slot').scrollIntoViewIfNeeded();
const LOGGED_OUT: Route[] = [
  { name: 'home', path: () => '/', ready: (p) => p.locator('.anuncio-card').first() },
  {
    name: 'home-mapa',
    path: () => '/',
    act: async (p) => {
      await expect(p.locator('.anuncio-card').first()).toBeVisible();
      // a press before the server-rendered page has hydrated does nothing: press until it switches
      await expect(async () => {
        await p.getByRole('button', { name: 'Ver Mapa' }).click({ timeout: 2000 });
        await expect(p.getByRole('button', { name: 'Ver Lista' })).toBeVisible({ timeout: 2000 });
      }).toPass();
    },
    ready: (p) => p.locator('.home-map .leaflet-marker-icon').first() },
  // issue 39: the popup's 'Más Información' (it was blue on orange)
  {
    name: 'home-mapa-popup',
    path: () => '/',
    act: async (p) => {
      await expect(p.locator('.anuncio-card').first()).toBeVisible();
      // a press before the server-rendered page has hydrated does nothing: press until it switches
      await expect(async () => {
        await p.getByRole('button', { name: 'Ver Mapa' }).click({ timeout: 2000 });
        await expect(p.getByRole('button', { name: 'Ver Lista' })).toBeVisible({ timeout: 2000 });
      }).toPass();
      // issue 44: clusters of every match; zoomed into until a pin shows, whose popup is opened
      await openAPin(p, p.locator('.home-map'));
    },
    ready: (p) => p.locator('.leaflet-popup').getByRole('link', { name: MSG.masInformacion }) },
  { name: 'login', path: () => '/login', ready: (p) => main(p).getByRole('button', { name: 'Inicia Sesión' }) },
  { name: 'signup', path: () => '/signup', ready: (p) => main(p).getByRole('button', { name: 'Enviar' }) },
  { name: 'forgot-password', path: () => '/forgotPassword', ready: (p) => main(p).getByRole('button', { name: 'Enviar' }) },
  { name: 'reset-password', path: () => sitePath(resetLink), ready: (p) => main(p).getByLabel('Nueva contraseña') },
  { name: 'confirm-email', path: () => sitePath(confirmLink), ready: (p) => main(p).getByText(MSG.emailConfirmed) },
  { name: 'request-confirmation', path: () => '/requestEmailConfirmation', ready: (p) => main(p).getByLabel(MSG.confirmLinkLabel) },
  { name: 'plans', path: () => '/comprarPlanPage', ready: (p) => main(p).getByRole('region', { name: 'Gratis' }) },
  { name: 'detail', path: () => `/anuncioDetailedView/${anuncioId}`, act: showDetailMap, ready: (p) => p.locator('.anuncio-detail-map .leaflet-marker-icon') },
  { name: 'detail-not-found', path: () => '/anuncioDetailedView/no-existe', ready: (p) => p.getByText(MSG.regresaPaginaPrincipal) },
  // issue 47: the full-screen gallery, opened from its address
  { name: 'galeria', path: () => `/anuncioDetailedView/${anuncioId}?foto=1`, ready: (p) => p.locator('.photo-gallery .photo-gallery__count') },
];
const LOGGED_IN: Route[] = [
  { name: 'home', path: () => '/', ready: (p) => p.locator('.anuncio-card').first() },
  { name: 'forgot-password', path: () => '/forgotPassword', ready: (p) => main(p).getByRole('button', { name: 'Enviar' }) },
  // made-up ids and tokens: the error states
  {
    name: 'reset-password-error',
    path: () => '/resetPassword/no-existe/token-falso',
    act: async (p) => {
      await main(p).getByLabel('Nueva contraseña').fill('Segunda2?');
      await main(p).getByLabel('Confirmar Contraseña').fill('Segunda2?');
      await main(p).getByRole('button', { name: 'Enviar' }).click();
    },
    ready: (p) => main(p).getByRole('alert'),
  },
  { name: 'confirm-email-error', path: () => '/confirmEmail/no-existe/token-falso', ready: (p) => main(p).getByRole('alert') },
  { name: 'request-confirmation', path: () => '/requestEmailConfirmation', ready: (p) => main(p).getByLabel(MSG.confirmLinkLabel) },
  { name: 'plans', path: () => '/comprarPlanPage', ready: (p) => main(p).getByText('Tu plan actual') },
  { name: 'detail', path: () => `/anuncioDetailedView/${anuncioId}`, act: showDetailMap, ready: (p) => p.locator('.anuncio-detail-map .leaflet-marker-icon') },
  // issue 39: a URL as the title, place, address and description (the saved searches' page has one as a name)
  { name: 'home-palabras-largas', path: () => `/?place=${encodeURIComponent(longWords.place)}`, ready: (p) => p.locator('.anuncio-card').first() },
  { name: 'detail-palabras-largas', path: () => `/anuncioDetailedView/${longWords._id}`, ready: (p) => p.locator('.anuncio-detail h1') },
  { name: 'mis-anuncios', path: () => '/misAnuncios', ready: (p) => p.locator('.anuncio-card').getByRole('button', { name: 'Borrar' }).first() },
  { name: 'agregar-anuncio', path: () => '/agregarAnuncio', ready: (p) => p.locator('.leaflet-container') },
  // issue 20: the edit form with a current photo list, and a renew link that is not valid
  { name: 'editar-anuncio', path: () => `/editarAnuncio/${ownId}`, ready: (p) => p.getByRole('button', { name: 'Guardar cambios' }) },
  { name: 'renovar-anuncio-error', path: () => `/renovarAnuncio/${ownId}/token-falso`, ready: (p) => main(p).getByRole('alert') },
  // issue 22: favourites (one sold, greyed), saved searches, an unsubscribe link that is not valid
  { name: 'favoritos', path: () => '/favoritos', ready: (p) => p.locator('.favorito-inactivo .anuncio-card') },
  { name: 'mis-busquedas', path: () => '/misBusquedas', ready: (p) => p.locator('.busqueda-item').first() },
  { name: 'baja-alertas-error', path: () => `/bajaAlertas/${ownId}/token-falso`, ready: (p) => main(p).getByRole('alert') },
  // issue 39: the price-drop emails' unsubscribe link, not valid
  { name: 'baja-avisos-precio-error', path: () => `/bajaAvisosPrecio/${ownId}/token-falso`, ready: (p) => main(p).getByRole('alert') },
  // issue 46: creating an agency, and an invitation link that is not valid
  { name: 'mi-inmobiliaria', path: () => '/miInmobiliaria', ready: (p) => main(p).getByRole('button', { name: 'Crear inmobiliaria' }) },
  {
    name: 'aceptar-invitacion-error',
    path: () => `/aceptarInvitacion/${'0'.repeat(64)}`,
    act: async (p) => {
      await main(p).getByRole('button', { name: 'Aceptar invitación' }).click();
    },
    ready: (p) => main(p).getByRole('alert'),
  },
];

test.beforeAll(async () => {
  // US$ listings come from the demo catalogue and partners, never from other tests (RD$)
  const { body } = await api<AllAnunciosResponse>('/allAnuncios', { filters: { moneda: 'US' }, page: 0 });
  // photos and amenities: every part of the detail view is on the page
  anuncioId = (body.anuncios.find((a) => a.image_urls.length > 0 && (a.balcon || a.patio || a.piscina || a.parqueo)) ?? body.anuncios[0])._id;
  user = await createConfirmedUser({ name: 'Inés' });
  await createListingOverApi(user, 'Anuncio para la prueba de accesibilidad');
  ownId = (await api<{ listaDeTodos: { _id: string }[] }>('/misAnuncios', {}, user.token)).body.listaDeTodos[0]._id;
  // issue 22: a favourite in search, one sold (greyed), a saved search
  await createListingOverApi(user, 'Vendido, en favoritos');
  const own = (await api<{ listaDeTodos: { _id: string }[] }>('/misAnuncios', {}, user.token)).body.listaDeTodos.map((a) => a._id);
  const sold = own.find((id) => id !== ownId)!;
  expect((await api(`/anuncio/${sold}/estado`, { estado: 'vendido' }, user.token)).status).toBe(200);
  for (const id of [anuncioId, sold]) expect((await api(`/favoritos/${id}`, undefined, user.token, 'PUT')).status).toBe(200);
  expect((await api('/busquedas', { filters: { moneda: 'US', proposito: 'venta' }, frecuencia: 'diario' }, user.token)).status).toBe(201);
  // issue 39: long words in a listing, a favourite and a saved search's name
  const long = await publishLongWordsListing(user, 'a11y');
  longWords = { _id: long._id, place: long.place ?? '' };
  await favouriteAndSaveSearch(user, long);
  // a real confirmation link (success state) and a real reset link, from the mailbox
  const email = uniqueEmail('a11y');
  expect((await api('/api/user/signup', { email, password: 'Clave-Segura1', name: 'Ana', apellido: 'Ruiz' })).status).toBeLessThan(300);
  confirmLink = await waitForLink(email, '/confirmEmail/');
  expect((await api('/forgot-password', { email: user.email })).status).toBeLessThan(300);
  resetLink = await waitForLink(user.email, '/resetPassword/');
});

test.afterAll(async () => {
  if (user) await deleteAllListings(user);
});

/** Every rule in the light scheme; in the dark one only contrast can change, so only it runs (time budget). */
async function audit(page: Page, scheme: 'light' | 'dark') {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  if (scheme === 'dark') builder.withRules(['color-contrast']);
  const { violations } = await builder.analyze();
  const relevant = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || NAMED_RULES.includes(v.id))
    .map((v) => ({ scheme, rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1] ?? ''}`) }));
  return relevant;
}

async function check(page: Page, route: Route, folder: string, project: string) {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('a11y-scheme-set')) {
      localStorage.setItem(key, 'light');
      sessionStorage.setItem('a11y-scheme-set', '1');
    }
  }, COLOR_SCHEME_STORAGE_KEY);
  await page.goto(route.path());
  await route.act?.(page);
  // what is checked is the page once shown, not how soon: the edit form with its map and photos
  // took over 10 s to show under CI's two lanes
  await expect(route.ready(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  const dir = path.join(SHOTS, project);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${folder}-${route.name}.png`), fullPage: true, animations: 'disabled' });
  const light = await audit(page, 'light');

  // the footer's scheme select writes the same storage key the portal starts from
  await page.getByRole('contentinfo').getByLabel('Tema').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate((key) => localStorage.getItem(key), COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  const dark = await audit(page, 'dark');
  expect([...light, ...dark]).toEqual([]);
}

test.describe('logged out', () => {
  for (const route of LOGGED_OUT) {
    test(`${route.name}: no serious or critical axe violations, light and dark`, async ({ page }, testInfo) => {
      await check(page, route, 'visitante', testInfo.project.name);
    });
  }
});

test.describe('logged in', () => {
  for (const route of LOGGED_IN) {
    test(`${route.name}: no serious or critical axe violations, light and dark`, async ({ page }, testInfo) => {
      await loginAs(page, user);
      await check(page, route, 'usuario', testInfo.project.name);
    });
  }
});

// Issue 46: an agency's administrator's page with its profile, a member, a pending invitation and an agent's listing.
test.describe('agency administrator', () => {
  test('mi-inmobiliaria-admin: no serious or critical axe violations, light and dark', async ({ page }, testInfo) => {
    const admin = await createConfirmedUser({ name: 'Lucía' });
    const perfil = { nombre: `Inmobiliaria A11y ${Date.now().toString(36)}`, telefono: '809-555-1234', whatsapp: '', email: '', direccion: 'Av. Winston Churchill 25', latitude: 18.4722, longitude: -69.9394, descripcion: '', rnc: '', logo: '' };
    expect((await api('/miInmobiliaria', perfil, admin.token)).status).toBe(201);
    const agent = await createConfirmedUser({ name: 'Pedro' });
    for (const email of [agent.email, uniqueEmail('a11y-pendiente')]) expect((await api('/miInmobiliaria/invitaciones', { email }, admin.token)).status).toBe(200);
    const link = await waitForLink(agent.email, '/aceptarInvitacion/');
    expect((await api('/miInmobiliaria/aceptar', { token: sitePath(link).split('/').pop() }, agent.token)).status).toBe(200);
    await createListingOverApi(agent, 'Anuncio de la agente');
    await loginAs(page, admin);
    const route: Route = { name: 'mi-inmobiliaria-admin', path: () => '/miInmobiliaria', ready: (p) => main(p).getByRole('list', { name: 'Anuncios de la inmobiliaria' }) };
    await check(page, route, 'usuario', testInfo.project.name);
  });
});
