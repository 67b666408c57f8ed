/**
 * Reports and moderation in the browser (issue 23), at 1280 px and 390 px: a visitor reports a
 * listing from its detail and is thanked; two more reporters (an account over the API, another
 * signed in on the site) reach REPORTS_TO_HOLD (3), so the listing leaves home and its detail;
 * the owner sees "En revisión" in my listings; a normal user sent to /moderacion lands on home;
 * the moderator finds it in /moderacion with its reports and history and approves it back. A
 * moderator blocks a reported owner from the page: the owner's listings leave the site and the
 * owner's login is refused with a clear message.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { MSG, anuncioPath, type Anuncio } from 'shared-contracts';
import { test, expect, api, createConfirmedUser, loginAs, type TestUser } from '../support/fixtures';
import { E2E } from '../support/env';
import { waitForLink } from '../support/mailbox';
import { cards, deleteAllListings, submitLogin } from '../support/journey-steps';
import { settleAnimations } from '../support/settle';

const MODERATOR = { name: 'Mara', apellido: 'Moderadora', email: 'moderacion-e2e@example.com', password: 'Clave-Segura1' };

/** The moderator of MODERATOR_EMAILS (global-setup): signed up once per run, logged in each time. */
async function moderator(): Promise<TestUser> {
  const signup = await api('/api/user/signup', MODERATOR);
  if (signup.status !== 409) {
    const link = await waitForLink(MODERATOR.email, '/confirmEmail/');
    const [, id, token] = /\/confirmEmail\/([^/]+)\/([^/?#]+)/.exec(link)!;
    expect((await api('/confirmEmail', { id: decodeURIComponent(id), token: decodeURIComponent(token) })).status).toBe(200);
  }
  const login = await api<Record<string, unknown>>('/api/user/login', { email: MODERATOR.email, password: MODERATOR.password });
  expect(login.body).toMatchObject({ moderador: true });
  return { ...MODERATOR, token: String(login.body.token), session: login.body };
}

async function listingOf(owner: TestUser, title: string): Promise<Anuncio> {
  const form = new FormData();
  const fields: Record<string, string> = {
    title, price: '2500000', moneda: 'RD', description: 'Anuncio de la prueba de moderación', name: owner.name, apellido: owner.apellido,
    movil: '8095550000', email: owner.email, address: 'Naco, Distrito Nacional', latitude: '18.4755', longitude: '-69.9312',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${E2E.apiUrl}/anuncio`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(201);
  return (await res.json()) as Anuncio;
}

/** Opens the detail, reports it with a reason (and a comment) and waits for the thanks. */
async function reportFromDetail(page: Page, id: string, reason: string, comment?: string) {
  await page.goto(anuncioPath(id));
  await page.getByRole('button', { name: new RegExp(MSG.reportarAnuncio) }).click();
  const dialog = page.getByRole('dialog', { name: MSG.reportarAnuncio });
  // the reason is required
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.motivoRequerido);
  await dialog.getByRole('radio', { name: reason }).check();
  if (comment) await dialog.getByLabel('Comentario (opcional)').fill(comment);
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(dialog.getByText(MSG.reporteGracias)).toBeVisible();
  await dialog.getByRole('button', { name: 'Listo' }).click();
  await expect(dialog).toBeHidden();
}

async function signedInPage(browser: Browser, user: TestUser, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ viewport: viewport ?? undefined, baseURL: E2E.siteUrl, locale: 'es-DO' });
  const page = await context.newPage();
  await loginAs(page, user);
  return { page, close: () => context.close() };
}

/** axe on the page as it is: no serious or critical violation, no contrast or label failure (as a11y.spec.ts). */
async function axeProblems(page: Page) {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ['label', 'button-name', 'color-contrast', 'link-name'].includes(v.id)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const firstCardTitle = (page: Page) => cards(page).first().locator('h3');

test('three reports hold a listing out of search; the moderator approves it back', async ({ page, browser, viewport }) => {
  test.setTimeout(150_000);
  const owner = await createConfirmedUser();
  const title = `Reportado e2e ${Date.now().toString(36)}`;
  const listing = await listingOf(owner, title);
  await page.goto('/');
  await expect(firstCardTitle(page)).toHaveText(title);

  // 1. a visitor (no session) reports it from the detail
  await reportFromDetail(page, listing._id, 'Estafa o fraude', 'Piden un depósito antes de ver la casa');
  // 2. an account reports it over the API
  const second = await createConfirmedUser({ name: 'Luis' });
  expect((await api(`/anuncio/${listing._id}/reportes`, { motivo: 'contacto_falso' }, second.token)).status).toBe(201);
  // still on home: two reporters are not enough
  await page.goto('/');
  await expect(firstCardTitle(page)).toHaveText(title);

  // 3. a signed-in user reports it on the site: the third reporter holds the listing
  const third = await createConfirmedUser({ name: 'Carla' });
  const thirdPage = await signedInPage(browser, third, viewport);
  await reportFromDetail(thirdPage.page, listing._id, 'Precio o fotos engañosos');
  await thirdPage.close();

  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await page.goto(anuncioPath(listing._id));
  await expect(page.getByText(MSG.regresaPaginaPrincipal)).toBeVisible();

  // the owner sees it held in my listings, and is no moderator
  const ownerPage = await signedInPage(browser, owner, viewport);
  await ownerPage.page.goto('/misAnuncios');
  await expect(ownerPage.page.getByLabel(`Estado y acciones: ${title}`).getByTestId('estado-tag')).toHaveText('En revisión');
  await ownerPage.page.goto('/moderacion');
  await expect(ownerPage.page).toHaveURL(`${E2E.siteUrl}/`);
  await ownerPage.close();

  // the moderator finds it with its three reports and the automatic hold in its history
  const mod = await moderator();
  await loginAs(page, mod);
  await page.goto('/moderacion');
  await expect(page.getByRole('heading', { name: 'Moderación' })).toBeVisible();
  const item = page.getByLabel(`Anuncio reportado: ${title}`);
  await expect(item.getByLabel(`Reportes: ${title}`).getByRole('listitem')).toHaveCount(3);
  // newest first: the signed-in user's report, the account's, then the visitor's with its comment
  await expect(item.getByLabel(`Reportes: ${title}`).getByRole('listitem').first()).toContainText('Precio o fotos engañosos');
  await expect(item.getByLabel(`Reportes: ${title}`).getByRole('listitem').last()).toContainText('Piden un depósito antes de ver la casa');
  await expect(item.getByLabel(`Historial: ${title}`)).toContainText('En revisión automática');
  // the reason is required
  await item.getByRole('button', { name: 'Aprobar' }).click();
  await expect(item.getByRole('alert')).toHaveText(MSG.motivoModeracionRequerido);
  await item.getByLabel('Motivo de la decisión').fill('Verificado con el dueño por teléfono');
  await item.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByLabel(`Anuncio reportado: ${title}`)).toHaveCount(0);

  // back on home and on its detail
  await page.goto('/');
  await expect(firstCardTitle(page)).toHaveText(title);
  await page.goto(anuncioPath(listing._id));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await deleteAllListings(owner);
});

test('a moderator blocks a reported owner: every listing leaves the site and the login is refused', async ({ page, browser, viewport }) => {
  test.setTimeout(120_000);
  const owner = await createConfirmedUser({ name: 'Estafador' });
  const suffix = Date.now().toString(36);
  const reported = await listingOf(owner, `Estafa e2e ${suffix}`);
  await listingOf(owner, `Otro del estafador ${suffix}`);
  expect((await api(`/anuncio/${reported._id}/reportes`, { motivo: 'estafa', comentario: 'Cobra la reserva y desaparece' })).status).toBe(201);

  await loginAs(page, await moderator());
  await page.goto('/moderacion');
  const item = page.getByLabel(`Anuncio reportado: Estafa e2e ${suffix}`);
  await expect(item).toContainText('Cobra la reserva y desaparece');
  // the moderation page is accessible in both colour schemes
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('contentinfo').getByLabel('Tema').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await axeProblems(page)).toEqual([]);
  await item.getByLabel('Motivo de la decisión').fill('Estafa confirmada por varios compradores');
  await item.getByRole('button', { name: 'Bloquear usuario' }).click();
  await page.getByRole('button', { name: 'Sí, bloquear' }).click();
  await expect(page.getByLabel(`Anuncio reportado: Estafa e2e ${suffix}`)).toHaveCount(0);

  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(suffix) })).toHaveCount(0);
  await page.goto(anuncioPath(reported._id));
  await expect(page.getByText(MSG.regresaPaginaPrincipal)).toBeVisible();

  // the owner's stored session no longer works, and logging in again is refused with the reason
  const context = await browser.newContext({ viewport: viewport ?? undefined, baseURL: E2E.siteUrl, locale: 'es-DO' });
  const ownerPage = await context.newPage();
  await ownerPage.goto('/login');
  await submitLogin(ownerPage, owner.email, owner.password);
  await expect(ownerPage.getByRole('main').getByText(MSG.cuentaBloqueada)).toBeVisible();
  await expect(ownerPage).toHaveURL(/\/login$/);
  expect((await api('/misAnuncios', {}, owner.token)).status).toBe(401);
  await context.close();
});
