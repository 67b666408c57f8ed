/**
 * Issue 39, what a careful user trips over in the screens, at 1280 px and 390 px (the projects):
 * long words never widen a page; thirty photos keep one indicator row under the photo; the
 * header keeps the name between 600 and 899 px and offers favourites to visitors; the plans say
 * how long a listing shows; the other-currency figure names its rate's day; an out-of-range
 * `?page=` becomes a valid page (server-rendered too); a one-time link opened again says it is done.
 * (axe on the map popup and the long words: a11y.spec.ts.)
 */
import { MSG, anuncioPath, pageCount, type AllAnunciosResponse, type Anuncio } from 'shared-contracts';
import { test, expect, api, createConfirmedUser, loginAs, uniqueEmail, type TestUser } from '../support/fixtures';
import { E2E } from '../support/env';
import { waitForLink } from '../support/mailbox';
import { deleteAllListings, navigate, sitePath, submitLogin } from '../support/journey-steps';
import { LONG, favouriteAndSaveSearch, pageWidth, publishLongWordsListing } from '../support/long-words';

let owner: TestUser;
let hostile: Anuncio;
let manyPhotos: Anuncio;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // a long name too: letters only (the API refuses anything else in a name), as long as it takes
  owner = await createConfirmedUser({ name: 'Maximilianaalejandrafernandezdelacruz', apellido: 'Rodríguez' });
  hostile = await publishLongWordsListing(owner, 'cuidadoso');
  manyPhotos = await publishLongWordsListing(owner, 'treinta', 30);
  await favouriteAndSaveSearch(owner, hostile);
});

test.afterAll(async () => {
  if (owner) await deleteAllListings(owner);
});

test.describe('long words (a URL as a title, a search name, a place) never widen the page', () => {
  const pages: { name: string; path: () => string; shows: () => string; act?: (p: import('@playwright/test').Page) => Promise<void> }[] = [
    { name: 'home: the card and the search panel', path: () => `/?place=${encodeURIComponent(hostile.place!)}`, shows: () => hostile.title },
    { name: 'the listing detail', path: () => anuncioPath(hostile._id), shows: () => hostile.title },
    { name: 'my listings', path: () => '/misAnuncios', shows: () => hostile.title },
    { name: 'favourites', path: () => '/favoritos', shows: () => hostile.title },
    { name: 'saved searches', path: () => '/misBusquedas', shows: () => LONG.searchName },
    {
      name: 'the map popup',
      path: () => `/?place=${encodeURIComponent(hostile.place!)}`,
      shows: () => hostile.title,
      act: async (p) => {
        // a press before the server-rendered page has hydrated does nothing: press until it switches
        await expect(async () => {
          await p.getByRole('button', { name: 'Ver Mapa' }).click({ timeout: 2000 });
          await expect(p.getByRole('button', { name: 'Ver Lista' })).toBeVisible({ timeout: 2000 });
        }).toPass();
        // while the map pans to its centre the marker is never "stable" for a pointer click on a
        // loaded machine: the click is sent to the marker itself (the popup's layout is checked here)
        await expect(async () => {
          await p.locator('.home-map .leaflet-marker-icon').first().dispatchEvent('click');
          await expect(p.locator('.leaflet-popup')).toBeVisible({ timeout: 2000 });
        }).toPass();
        await expect(p.locator('.leaflet-popup')).toContainText(hostile.title.slice(0, 30));
      },
    },
  ];
  for (const { name, path, shows, act } of pages) {
    test(name, async ({ page, viewport }) => {
      await loginAs(page, owner);
      await page.goto(path());
      await expect(page.getByRole('main').getByText(shows()).first()).toBeVisible();
      await act?.(page);
      expect(await pageWidth(page), `the page is no wider than the ${viewport!.width} px window`).toBeLessThanOrEqual(viewport!.width);
      // and the text is all there to read: wrapped, not cut off by its box nor running out of it
      for (const text of await page.getByText(shows()).all()) {
        if (!(await text.isVisible())) continue;
        const fits = await text.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const parent = (el.parentElement ?? el).getBoundingClientRect();
          return el.scrollWidth <= el.clientWidth + 1 && box.right <= parent.right + 1 && box.right <= window.innerWidth;
        });
        expect(fits, `"${shows().slice(0, 40)}…" wraps inside its box`).toBe(true);
      }
      // the header too keeps to the window with the long name
      const header = await page.getByRole('banner').evaluate((h) => ({ scroll: h.scrollWidth, client: h.clientWidth }));
      expect(header.scroll).toBeLessThanOrEqual(header.client);
    });
  }
});

test('thirty photos: one indicator row under the photo ("1 / 30" with previous/next), on the card and the detail', async ({ page }) => {
  for (const path of [`/?place=${encodeURIComponent(manyPhotos.place!)}`, anuncioPath(manyPhotos._id)]) {
    await page.goto(path);
    const carousel = page.getByRole('main').locator(path.startsWith('/?') ? '.anuncio-card' : '.anuncio-detail').first();
    const photo = carousel.getByAltText(`${manyPhotos.title} — foto 1 de 30`).first();
    await expect(photo).toBeVisible();
    // touched: the carousel itself takes over, with the same single row
    // (a press before the server-rendered page has hydrated does nothing: press until it takes)
    await photo.hover();
    await expect(async () => {
      await photo.dispatchEvent('pointerdown');
      await expect(carousel.locator('.slick-slider')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    const next = carousel.getByRole('button', { name: 'Foto siguiente' });
    await expect(next).toBeVisible();
    const row = carousel.locator('.photo-nav');
    await expect(row).toHaveText(/1 \/ 30/);
    await expect(carousel.locator('.photo-nav__dot')).toHaveCount(0);
    const [photoBox, rowBox] = [await photo.boundingBox(), await row.boundingBox()];
    expect(rowBox!.y, 'the row starts below the photo').toBeGreaterThanOrEqual(photoBox!.y + photoBox!.height - 1);
    expect(rowBox!.height, 'one row').toBeLessThanOrEqual(32);
    // every press counts, however fast (a press during the slide is not dropped)
    await next.click();
    await next.click();
    await expect(row).toHaveText(/3 \/ 30/);
    const previous = carousel.getByRole('button', { name: 'Foto anterior' });
    for (let i = 0; i < 3; i++) await previous.click();
    await expect(row).toHaveText(/30 \/ 30/);
    // issue 47: the position is one control, named and valued for a screen reader
    await expect(carousel.getByRole('slider', { name: `Fotos: ${manyPhotos.title}` })).toHaveAttribute('aria-valuetext', 'Foto 30 de 30');
  }
});

/** The moderator of MODERATOR_EMAILS (global-setup), as moderation.spec.ts signs it up: once per run. */
async function moderator(): Promise<TestUser> {
  const who = { name: 'Mara', apellido: 'Moderadora', email: 'moderacion-e2e@example.com', password: 'Clave-Segura1' };
  if ((await api('/api/user/signup', who)).status !== 409) {
    const [, id, token] = /\/confirmEmail\/([^/]+)\/([^/?#]+)/.exec(await waitForLink(who.email, '/confirmEmail/'))!;
    expect((await api('/confirmEmail', { id, token })).status).toBe(200);
  }
  const login = await api<Record<string, unknown>>('/api/user/login', { email: who.email, password: who.password });
  expect(login.body.moderador).toBe(true);
  return { ...who, token: String(login.body.token), session: login.body };
}

test("the header shows the signed-in user's name between 600 and 899 px, every link inside the bar (a moderator's six too)", async ({ context }) => {
  const people: [TestUser, string[]][] = [
    [await createConfirmedUser({ name: 'Lucía' }), ['MIS ANUNCIOS', 'FAVORITOS', 'MIS BÚSQUEDAS', 'AGREGAR ANUNCIO', 'SALIR']],
    [await moderator(), ['MIS ANUNCIOS', 'MODERACIÓN', 'FAVORITOS', 'MIS BÚSQUEDAS', 'AGREGAR ANUNCIO', 'SALIR']],
  ];
  for (const [person, links] of people) {
    // a tab each: the session is put in place once per tab (support/fixtures.ts)
    const page = await context.newPage();
    await loginAs(page, person);
    for (const width of [600, 650, 700, 899]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const header = page.getByRole('banner');
      const name = header.getByText(person.name, { exact: true });
      await expect(name).toBeVisible();
      const bar = (await header.boundingBox())!;
      expect(bar.height).toBe(64);
      const nav = header.getByRole('navigation', { name: 'Principal' });
      for (const item of [name, ...links.map((l) => nav.getByRole(l === 'SALIR' ? 'button' : 'link', { name: l, exact: true }))]) {
        const box = (await item.boundingBox())!;
        expect(box.x + box.width, `inside ${width} px`).toBeLessThanOrEqual(width);
        expect(box.y, 'inside the bar').toBeGreaterThanOrEqual(bar.y);
        expect(box.y + box.height, 'inside the bar').toBeLessThanOrEqual(bar.y + bar.height);
      }
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    }
    await page.close();
  }
});

test('a visitor reaches their favourites from the header (or the phone menu)', async ({ page, viewport }) => {
  await page.goto('/');
  await navigate(page, viewport, 'FAVORITOS', 'Favoritos');
  await expect(page).toHaveURL(/\/favoritos$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the plans say how long a listing shows and that it is renewed, not "indefinida"', async ({ page }) => {
  await page.goto('/comprarPlanPage');
  const main = page.getByRole('main');
  for (const name of ['Gratis', 'Individual', 'Basico', 'Super']) {
    await expect(main.getByRole('region', { name }).getByText('Cada anuncio visible 90 días, renovable')).toBeVisible();
  }
  await expect(main.getByText(/indefinid/i)).toHaveCount(0);
});

test("the other-currency figure is explained with the rate's day (USD_DOP_RATE_DATE, served in /config.json)", async ({ page }) => {
  const config = (await (await fetch(`${E2E.siteUrl}/config.json`)).json()) as Record<string, unknown>;
  expect(config).toMatchObject({ usdDopRate: 60, usdDopRateDate: '2026-11-27', listingTtlDays: 90 });
  await page.goto(anuncioPath(hostile._id));
  const note = 'Equivalencia aproximada a RD$ 60 por US$ 1, tasa del 27 de noviembre de 2026.';
  await expect(page.getByRole('main').getByText(note)).toBeVisible();
  await expect(page.getByRole('main').locator('.precio-otra-moneda').first()).toHaveAttribute('title', note);
});

test.describe('an out-of-range ?page= becomes a valid page', () => {
  let last = 0;
  test.beforeAll(async () => {
    last = pageCount((await api<AllAnunciosResponse>('/allAnuncios', { filters: {}, page: 0 })).body.count);
    expect(last).toBeGreaterThan(1);
  });

  for (const written of ['0', '-1', 'abc']) {
    test(`?page=${written}: page 1, at the address without it`, async ({ page }) => {
      await page.goto(`/?page=${written}`);
      await expect(page).toHaveURL(`${E2E.siteUrl}/`);
      await expect(page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Página 1', exact: true })).toHaveAttribute('aria-current', 'page');
    });
  }

  test('?page=9999: the last page, in the browser and in the server-rendered HTML', async ({ page }) => {
    // the server's HTML, before any script: the last page's cards, the last page marked current
    const html = await (await fetch(`${E2E.siteUrl}/?page=9999`)).text();
    const current = html.match(/<a [^>]*aria-current="page"[^>]*>/g) ?? [];
    expect(current.some((tag) => tag.includes(`aria-label="Página ${last}"`)), current.join('\n')).toBe(true);
    expect(html).toContain('anuncio-card');
    await page.goto('/?page=9999');
    await expect(page).toHaveURL(`${E2E.siteUrl}/?page=${last}`);
    await expect(page.locator('.anuncio-card').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: `Página ${last}`, exact: true })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('a one-time link opened again says it is done, without an error', () => {
  test('the email confirmation link', async ({ page }) => {
    const email = uniqueEmail('dos-veces');
    expect((await api('/api/user/signup', { email, password: 'Clave-Segura1', name: 'Rosa', apellido: 'Peña' })).status).toBe(201);
    const link = sitePath(await waitForLink(email, '/confirmEmail/'));
    const main = page.getByRole('main');
    await page.goto(link);
    await expect(main.getByText(MSG.emailConfirmed)).toBeVisible();
    await page.goto(link);
    await expect(main.getByText(MSG.emailYaConfirmado)).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
    await main.getByRole('button', { name: MSG.backToLogin }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the password reset link: the second use changes nothing and says the link was used', async ({ page }) => {
    const user = await createConfirmedUser();
    expect((await api('/forgot-password', { email: user.email })).status).toBe(200);
    const link = sitePath(await waitForLink(user.email, '/resetPassword/'));
    const main = page.getByRole('main');
    const reset = async (password: string) => {
      await page.goto(link);
      await main.getByLabel('Nueva contraseña').fill(password);
      await main.getByLabel('Confirmar Contraseña').fill(password);
      await main.getByRole('button', { name: 'Enviar' }).click();
    };
    await reset('Primera-Nueva1');
    await expect(main.getByText(MSG.passwordChanged)).toBeVisible();
    await reset('Segunda-Nueva2');
    await expect(main.getByText(MSG.enlaceResetUsado)).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
    // single use kept: only the first new password works
    expect((await api('/api/user/login', { email: user.email, password: 'Segunda-Nueva2' })).status).toBe(401);
    await main.getByRole('button', { name: MSG.backToLogin }).click();
    await submitLogin(page, user.email, 'Primera-Nueva1');
    await expect(page).toHaveURL(`${E2E.siteUrl}/`);
  });
});
