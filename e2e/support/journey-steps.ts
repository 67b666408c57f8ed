/**
 * Steps the browser specs share (journeys, account, publish): the header or the phone drawer,
 * the account forms, antd selects, a listing form filled with an address found by the geocoder,
 * small real photos.
 */
import sharp from 'sharp';
import { MSG } from 'shared-contracts';
import { expect, type Page, type ViewportSize } from '@playwright/test';
import { E2E } from './env';
import { api, type TestUser } from './fixtures';
import { mailCount, waitForLink } from './mailbox';

export const isPhone = (viewport: ViewportSize | null) => (viewport?.width ?? 1280) < 600;
export const sitePath = (link: string) => new URL(link).pathname;
export const cards = (page: Page) => page.getByRole('list', { name: 'Anuncios' }).locator('.anuncio-card');

/** Desktop: a header link or button; phone: the same entry in the burger's drawer. */
export async function navigate(page: Page, viewport: ViewportSize | null, desktop: string, phone: string) {
  const header = page.getByRole('banner');
  if (!isPhone(viewport)) {
    await header.getByRole(desktop === 'SALIR' ? 'button' : 'link', { name: desktop, exact: true }).click();
    return;
  }
  await header.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole(phone === 'Salir' ? 'button' : 'link', { name: phone, exact: true }).click();
  await expect(drawer).toBeHidden();
}

/** What the header (or the drawer, on a phone) offers right now. */
export async function menuEntries(page: Page, viewport: ViewportSize | null): Promise<string[]> {
  const header = page.getByRole('banner');
  if (!isPhone(viewport)) return header.getByRole('navigation', { name: 'Principal' }).locator('a, button, span').allInnerTexts();
  await header.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog');
  const title = (await drawer.locator('.ant-drawer-title').innerText()).trim();
  const entries = await drawer.getByRole('navigation', { name: 'Menú' }).locator('li').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  return [title, ...entries];
}

/**
 * Sign-up (on /signup) up to the strength popover: name, apellido and email filled, the password
 * field focused and `typed` entered key by key. The caller goes on from the popover it is given.
 */
export async function startSignup(page: Page, who: { name: string; apellido: string; email: string }, typed: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Nombre').fill(who.name);
  await main.getByLabel('Apellido').fill(who.apellido);
  await main.getByLabel('Email').fill(who.email);
  const password = main.getByLabel('Contraseña', { exact: true });
  await password.click();
  await password.pressSequentially(typed);
  const strength = page.getByTestId('password-strength');
  await expect(strength).toBeVisible();
  return { password, strength };
}

/** The login form (on /login): email, password, Inicia Sesión; the caller checks the outcome. */
export async function submitLogin(page: Page, email: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Contraseña').fill(password);
  await main.getByRole('button', { name: 'Inicia Sesión' }).click();
}

/**
 * From /forgotPassword: asks for the link, follows the one emailed (not an older one), sets
 * `newPassword` and goes Back to Login.
 */
export async function resetPasswordByEmail(page: Page, email: string, newPassword: string) {
  const main = page.getByRole('main');
  const before = mailCount(email);
  await main.getByLabel('Email').fill(email);
  await main.getByRole('button', { name: 'Enviar' }).click();
  await expect(main.getByText(MSG.resetLinkSent)).toBeVisible();
  const link = await waitForLink(email, '/resetPassword/', { after: before });
  await page.goto(sitePath(link));
  await main.getByLabel('Nueva contraseña').fill(newPassword);
  await main.getByLabel('Confirmar Contraseña').fill(newPassword);
  await main.getByRole('button', { name: 'Enviar' }).click();
  await expect(main.getByText(MSG.passwordChanged)).toBeVisible();
  await main.getByRole('button', { name: MSG.backToLogin }).click();
}

/** An antd select: long lists are virtualised, so type to bring the option into view. */
export async function choose(page: Page, field: string, option: string, type = true) {
  const box = page.getByRole('combobox', { name: field });
  await box.click();
  if (type) await box.fill(option);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** A small photo-like image: real pixels the browser compresses, without slowing the run. */
export async function photo(kind: 'jpeg' | 'png', seed: number): Promise<Buffer> {
  const [width, height] = [480, 320];
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + seed * 17 + ((i / width) | 0)) % 256;
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
  return kind === 'jpeg' ? img.jpeg({ quality: 80 }).toBuffer() : img.png().toBuffer();
}

/** Fills the add-listing form; the address comes from the geocoder search, then Confirmar. */
export async function fillListing(page: Page, title: string, price = 4_500_000) {
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Precio').fill(String(price));
  await page.getByLabel('Habitaciones').fill('3');
  await page.getByLabel('Descripción').fill('Casa amplia con patio.\nCerca de todo.');
  await page.getByLabel('Celular').fill('8095551234');
  await page.getByPlaceholder('Escribe la dirección').fill('Santo Domingo de');
  await page.getByRole('button', { name: /Santo Domingo de Guzmán, Distrito Nacional/ }).first().click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('textbox', { name: 'Dirección', exact: true })).toHaveValue(/Santo Domingo de Guzmán/);
}

/** A listing created over the API (multipart, as the form sends it): quota set-up. */
export async function createListingOverApi(user: TestUser, title: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    title, price: '1000000', description: 'Creado por la prueba', name: user.name, apellido: user.apellido,
    movil: '8095550000', email: user.email, address: 'Naco, Distrito Nacional', latitude: '18.4755', longitude: '-69.9312',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${E2E.apiUrl}/anuncio`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status, await res.text()).toBeLessThan(300);
}

/** The session the site stored after a login through the UI, as a TestUser for later steps. */
export async function storedUser(page: Page, password: string): Promise<TestUser> {
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null') as Record<string, unknown> | null;
  expect(session, 'the login stored the user').not.toBeNull();
  const s = session!;
  return { name: String(s.name), apellido: String(s.apellido), email: String(s.email), password, token: String(s.token), session: s };
}

/** Removes what a test published, so later specs find the catalogue's first page as it was. */
export async function deleteAllListings(user: TestUser) {
  const mine = await api<{ listaDeTodos: { _id: string }[] }>('/misAnuncios', {}, user.token);
  expect(mine.status).toBe(200);
  for (const { _id } of mine.body.listaDeTodos) {
    expect((await api(`/${encodeURIComponent(_id)}`, undefined, user.token, 'DELETE')).status).toBeLessThan(300);
  }
}
