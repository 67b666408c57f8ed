/**
 * Moderation in the browser (issues 23 and 40), at 1280 px and 390 px. A blocked account's phone,
 * written another way, holds a newcomer's listing: its owner sees "En revisión", the moderator
 * finds it at the head of the queue with the reason, and approves it back. A visitor's and a new
 * account's reports do not hold a listing; the queue shows them as not counting, with their network
 * tags and the reports against the owner. The moderator unblocks the account from "Usuarios
 * bloqueados", and its number publishes again. A moderator blocks a reported owner from the page:
 * the owner's listings leave the site and the owner's login is refused with a clear message.
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

let phones = 0;
/** A Dominican number of this run only: a block covers its owner's numbers, the other specs publish with theirs. */
const uniquePhone = () => `8094${String((Date.now() + ++phones) % 1_000_000).padStart(6, '0')}`;
const dashed = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
const formatted = (digits: string) => `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

async function listingOf(owner: TestUser, title: string, movil: string): Promise<Anuncio> {
  const form = new FormData();
  const fields: Record<string, string> = {
    title, price: '2500000', moneda: 'RD', description: 'Anuncio de la prueba de moderación', name: owner.name, apellido: owner.apellido,
    movil, email: owner.email, address: 'Naco, Distrito Nacional', latitude: '18.4755', longitude: '-69.9312',
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
/** Nothing wider than the window (the 390 px layout). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a blocked phone holds a newcomer\'s listing; reports of visitors and new accounts do not; the moderator approves and unblocks', async ({ page, browser, viewport }) => {
  test.setTimeout(180_000);
  const mod = await moderator();
  const suffix = Date.now().toString(36);
  const phone = uniquePhone();

  // a scammer's account is blocked; a newcomer publishes with its number, written another way
  const scammer = await createConfirmedUser({ name: 'Bloqueado' });
  await listingOf(scammer, `Del bloqueado ${suffix}`, dashed(phone));
  expect((await api(`/moderacion/usuarios/${String(scammer.session._id)}/bloquear`, { motivo: 'Cobró reservas de casas ajenas' }, mod.token)).status).toBe(200);
  const newcomer = await createConfirmedUser({ name: 'Nuevo' });
  const heldTitle = `Retenido e2e ${suffix}`;
  const held = await listingOf(newcomer, heldTitle, formatted(phone));
  expect(held.estado).toBe('en revisión');

  // an honest listing reported by a visitor (on the site) and a new account: it stays on home
  const owner = await createConfirmedUser();
  const title = `Reportado e2e ${suffix}`;
  const listing = await listingOf(owner, title, uniquePhone());
  await reportFromDetail(page, listing._id, 'Estafa o fraude', 'Piden un depósito antes de ver la casa');
  const fresh = await createConfirmedUser({ name: 'Luis' });
  expect((await api(`/anuncio/${listing._id}/reportes`, { motivo: 'contacto_falso' }, fresh.token)).status).toBe(201);
  await page.goto('/');
  await expect(firstCardTitle(page)).toHaveText(title);

  // the newcomer sees the held listing in my listings
  const ownerPage = await signedInPage(browser, newcomer, viewport);
  await ownerPage.page.goto('/misAnuncios');
  await expect(ownerPage.page.getByLabel(`Estado y acciones: ${heldTitle}`).getByTestId('estado-tag')).toHaveText('En revisión');
  await ownerPage.close();

  // the moderator: held listings head the queue, with the reason
  await loginAs(page, mod);
  await page.goto('/moderacion');
  await expect(page.getByRole('heading', { name: 'Moderación' })).toBeVisible();
  const queue = page.getByRole('region', { name: 'Cola de moderación' });
  await expect(queue.getByLabel(/^Anuncio reportado: /).first()).toContainText('En revisión');
  const heldItem = page.getByLabel(`Anuncio reportado: ${heldTitle}`);
  await expect(heldItem).toContainText('Sin reportes: retenido por su contenido');
  await expect(heldItem.getByLabel(`Historial: ${heldTitle}`)).toContainText(`Usa el teléfono +1${phone} de la cuenta bloqueada ${scammer.email}`);

  // the reported one: neither report counts, each with its network's tag, and the reports against its owner
  const item = page.getByLabel(`Anuncio reportado: ${title}`);
  await expect(item).toContainText('Reportes (2, 2 personas; 0 cuentan para retener)');
  const reports = item.getByLabel(`Reportes: ${title}`).getByRole('listitem');
  await expect(reports.first()).toContainText('Cuenta nueva o sin confirmar (no cuenta)');
  await expect(reports.last()).toContainText('Visitante (no cuenta)');
  await expect(reports.last()).toContainText(/Red [0-9a-f]{8}/);
  await expect(reports.last()).toContainText('Piden un depósito antes de ver la casa');
  await expect(item.getByLabel(`Ráfagas: ${title}`)).toContainText('Contra este dueño: 2 reportes en 1 anuncio');
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // approved: back on the site; the reported one is cleared from the queue too
  await heldItem.getByLabel('Motivo de la decisión').fill('Es otra persona: verificado por teléfono');
  await heldItem.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByLabel(`Anuncio reportado: ${heldTitle}`)).toHaveCount(0);
  await item.getByLabel('Motivo de la decisión').fill('Los reportes no se confirmaron');
  await item.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByLabel(`Anuncio reportado: ${title}`)).toHaveCount(0);
  await page.goto(anuncioPath(held._id));
  await expect(page.getByRole('heading', { name: heldTitle, level: 1 })).toBeVisible();

  // blocked accounts: what the block covers; Desbloquear needs a reason and a confirmation
  await page.goto('/moderacion');
  await page.getByText('Usuarios bloqueados', { exact: true }).click();
  const blocked = page.getByLabel(`Usuario bloqueado: ${scammer.email}`);
  await expect(blocked).toContainText('Motivo: Cobró reservas de casas ajenas');
  await expect(blocked).toContainText(formatted(phone));
  expect(await axeProblems(page)).toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await blocked.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(blocked.getByRole('alert')).toHaveText(MSG.motivoModeracionRequerido);
  await blocked.getByLabel('Motivo del desbloqueo').fill('Devolvió las reservas');
  await blocked.getByRole('button', { name: 'Desbloquear' }).click();
  await page.getByRole('button', { name: 'Sí, desbloquear' }).click();
  await expect(page.getByLabel(`Usuario bloqueado: ${scammer.email}`)).toHaveCount(0);

  // its number publishes again
  const again = await listingOf(newcomer, `Otra vez e2e ${suffix}`, dashed(phone));
  expect(again.estado).toBe('activo');
  const relogged = await api<{ token: string }>('/api/user/login', { email: scammer.email, password: scammer.password });
  expect(relogged.status).toBe(200);
  for (const user of [newcomer, owner, { ...scammer, token: relogged.body.token }]) await deleteAllListings(user);
});

test('a moderator blocks a reported owner: every listing leaves the site and the login is refused', async ({ page, browser, viewport }) => {
  test.setTimeout(120_000);
  const owner = await createConfirmedUser({ name: 'Estafador' });
  const suffix = Date.now().toString(36);
  const phone = uniquePhone();
  const reported = await listingOf(owner, `Estafa e2e ${suffix}`, phone);
  await listingOf(owner, `Otro del estafador ${suffix}`, phone);
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

  // leave nothing behind: unblocked, its listings deleted
  const mod = await moderator();
  const unblocked = await api<{ anuncios: number }>(`/moderacion/usuarios/${String(owner.session._id)}/desbloquear`, { motivo: 'Fin de la prueba' }, mod.token);
  expect(unblocked).toMatchObject({ status: 200, body: { anuncios: 2 } });
  const login = await api<{ token: string }>('/api/user/login', { email: owner.email, password: owner.password });
  await deleteAllListings({ ...owner, token: login.body.token });
});
