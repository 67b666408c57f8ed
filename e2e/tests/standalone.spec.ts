/**
 * Standalone QA (issue 9): each remote's documented command, `npm run standalone -w <remote>`
 * (webpack serve with its own antd and the harness header), serves a page that works in Chromium
 * against the real API the e2e setup started (`?api=`, the harness's base-URL override).
 *
 * The servers listen on E2E_STANDALONE_PORT and the next three (`-- --port N`, webpack serve's
 * own flag); the API accepts those origins through CORS_ORIGINS (global-setup). Two compile at a
 * time (the machine has 2 cores): mf-listing then mf-search, mf-account then mf-publish, and each
 * test starts as soon as its own server is up. The public/config.json of mf-search and mf-publish
 * points at mf-listing's default port; the tests rewrite that one entry, as QA would edit the file.
 * Desktop only: this is about the command and the harness, not layout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MSG, type AllAnunciosResponse } from 'shared-contracts';
import { test, expect, api, createConfirmedUser, type TestUser } from '../support/fixtures';
import { E2E } from '../support/env';
import { createListingOverApi, deleteAllListings } from '../support/journey-steps';

type Remote = keyof typeof E2E.standaloneUrls;

const servers: ChildProcess[] = [];
const ready = new Map<Remote, Promise<void>>();

/** `npm run standalone -w <remote> -- --port N`, until its page answers (webpack waits for the first compile). */
function startStandalone(remote: Remote): Promise<void> {
  const url = E2E.standaloneUrls[remote];
  const log = fs.openSync(path.join(E2E.runDir, `standalone-${remote}.log`), 'w');
  const env = { ...process.env };
  delete env.PORTAL_REMOTE_MODE; // standalone means its own antd, not the shell's
  const server = spawn('npm', ['run', 'standalone', '-w', remote, '--', '--port', new URL(url).port], {
    cwd: E2E.root,
    env,
    stdio: ['ignore', log, log],
    detached: true, // its own process group: npm, the shell and webpack stop together
  });
  servers.push(server);
  const started = Date.now();
  return (async () => {
    while (Date.now() - started < 180_000) {
      if (server.exitCode !== null) break;
      const res = await fetch(`${url}/remoteEntry.js`).catch(() => null);
      if (res?.ok) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    const tail = fs.readFileSync(path.join(E2E.runDir, `standalone-${remote}.log`), 'utf8').slice(-2000);
    throw new Error(`${remote} standalone did not serve ${url} (exit ${server.exitCode}):\n${tail}`);
  })();
}

/** Lane order: the remote that the next one renders (mf-listing's card) starts first. */
function lane(first: Remote, second: Remote) {
  const a = startStandalone(first);
  const b = a.then(() => startStandalone(second));
  ready.set(first, a);
  ready.set(second, b);
  // awaited by the tests; no unhandled rejection while a test is still waiting for the other lane
  a.catch(() => {});
  b.catch(() => {});
}

test.beforeAll(() => {
  lane('mf-listing', 'mf-search');
  lane('mf-account', 'mf-publish');
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (server.exitCode !== null || server.signalCode !== null) return resolve();
          server.once('exit', () => resolve());
          process.kill(-server.pid!, 'SIGTERM');
        }),
    ),
  );
});

/** Opens a remote's standalone page against the e2e API, with other remotes at their test ports. */
async function openStandalone(page: Page, remote: Remote, pathname: string) {
  test.setTimeout(240_000);
  await ready.get(remote);
  await page.route(`${E2E.standaloneUrls[remote]}/config.json`, async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    if (config.remotes?.mf_listing) config.remotes.mf_listing = `${E2E.standaloneUrls['mf-listing']}/remoteEntry.js`;
    await route.fulfill({ response, json: config });
  });
  await page.goto(`${E2E.standaloneUrls[remote]}${pathname}?api=${encodeURIComponent(E2E.apiUrl)}`);
}

/** The harness header: its title and a login box that logs in against the API. */
async function logInFromHarnessHeader(page: Page, user: TestUser) {
  const header = page.getByRole('banner');
  await header.getByLabel('Email').fill(user.email);
  await header.getByLabel('Contraseña').fill(user.password);
  await header.getByRole('button', { name: 'Entrar' }).click();
  await expect(header.getByText(user.name)).toBeVisible();
  await expect(header.getByRole('button', { name: 'Salir' })).toBeVisible();
}

let user: TestUser;
let catalogue: AllAnunciosResponse;
test.beforeAll(async () => {
  user = await createConfirmedUser({ name: 'Quiteria' });
  catalogue = (await api<AllAnunciosResponse>('/allAnuncios', { filters: {}, page: 0 })).body;
  expect(catalogue.anuncios.length).toBeGreaterThan(0);
});

test('mf-listing standalone: a listing from the API by id, and a login in the harness header', async ({ page }) => {
  const anuncio = catalogue.anuncios[0];
  await openStandalone(page, 'mf-listing', `/anuncioDetailedView/${anuncio._id}`);
  await expect(page.getByRole('banner')).toContainText('Anuncio (QA)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(anuncio.title);
  await logInFromHarnessHeader(page, user);
});

test('mf-account standalone: log in with its own form, move to the plans and buy one', async ({ page }) => {
  await openStandalone(page, 'mf-account', '/login');
  const header = page.getByRole('banner');
  await expect(header).toContainText('Cuenta (QA)');
  await expect(header.getByRole('link')).toHaveText(['Login', 'Registro', 'Olvidé contraseña', 'Pedir link', 'Planes', 'Moderación', 'Mi inmobiliaria', 'Mis búsquedas']);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(user.email);
  await main.getByLabel('Contraseña').fill(user.password);
  await main.getByRole('button', { name: 'Inicia Sesión' }).click();
  await expect(header.getByText(user.name)).toBeVisible();

  await header.getByRole('link', { name: 'Registro' }).click();
  await expect(main.getByLabel('Apellido')).toBeVisible();
  await header.getByRole('link', { name: 'Planes' }).click();
  await expect(main.getByText('Tu plan actual')).toBeVisible();
  await main.getByRole('button', { name: 'Comprar' }).click();
  await expect(main.getByText(MSG.compraExitosa)).toBeVisible();
});

test('mf-search standalone: the catalogue from the API with mf-listing cards, and a login', async ({ page }) => {
  await openStandalone(page, 'mf-search', '/');
  await expect(page.getByRole('banner')).toContainText('Búsqueda (QA)');
  const cards = page.getByRole('list', { name: 'Anuncios' }).locator('.anuncio-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.locator('h3').first()).toHaveText(catalogue.anuncios[0].title);
  await logInFromHarnessHeader(page, user);
});

test('mf-publish standalone: log in, see my listing from the API, go to the add form', async ({ page }) => {
  const title = `Standalone QA ${Date.now().toString(36)}`;
  await createListingOverApi(user, title);
  try {
    await openStandalone(page, 'mf-publish', '/misAnuncios');
    const header = page.getByRole('banner');
    await expect(header).toContainText('Publicar (QA)');
    await logInFromHarnessHeader(page, user);
    await header.getByRole('link', { name: 'Mis anuncios' }).click();
    await expect(page.getByRole('main').getByText(title)).toBeVisible();
    await header.getByRole('link', { name: 'Agregar anuncio' }).click();
    await expect(page.getByRole('main').getByLabel('Título')).toBeVisible();
  } finally {
    await deleteAllListings(user);
  }
});
