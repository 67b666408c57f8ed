/**
 * Independent deploys (issue 9): a team publishes a new version of ONE remote while the site runs;
 * the next page load shows it, the other remotes are untouched, and a rollback brings back the
 * previous version. Version B is version A's build with one visible text changed, standing in for
 * a team's new build (the deploy mechanism does not care how a build was made).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_APPS } from 'shared-contracts';
import { test, expect } from '../support/fixtures';
import { E2E } from '../support/env';

function remoteCli(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(E2E.root, 'scripts', 'remotes.ts'), ...args], {
    cwd: E2E.root,
    env: { ...process.env, DATA_DIR: E2E.dataDir },
    encoding: 'utf8',
  });
}

function hashTree(dir: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (fs.statSync(p).isDirectory()) walk(p);
      else hash.update(name).update(fs.readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

test('publish version B of mf-account, see it on reload, roll back to A', async ({ page, request }) => {
  // every other remote (shared-contracts/src/web-apps.js) stays as it was
  const otherRemotes = REMOTE_APPS.filter((app) => app.dir !== 'mf-account');
  const others = otherRemotes.map((app) => path.join(E2E.root, app.dir, 'dist'));
  const before = others.map(hashTree);
  const registryBefore = await (await request.get('/registry.json')).json();

  // A: today's build, published and activated
  const publishedA = remoteCli('publish', 'mf-account', '--no-build', '--activate');
  const versionA = /publicado mf-account (\S+)/.exec(publishedA)![1];

  // B: the same build with a visible change, published beside A
  const dirA = path.join(E2E.dataDir, 'remotes', 'mf-account', versionA);
  const versionB = `${versionA}-b`;
  const dirB = path.join(E2E.dataDir, 'remotes', 'mf-account', versionB);
  fs.cpSync(dirA, dirB, { recursive: true });
  let changed = 0;
  for (const file of fs.readdirSync(path.join(dirB, 'chunks'))) {
    const p = path.join(dirB, 'chunks', file);
    const text = fs.readFileSync(p, 'utf8');
    if (text.includes('Cambiar Contrase')) {
      fs.writeFileSync(p, text.replaceAll('Cambiar Contrase', 'Version B - Cambiar Contrase'));
      changed += 1;
    }
  }
  expect(changed).toBeGreaterThan(0);

  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Cambiar Contraseña', exact: true })).toBeVisible();

  remoteCli('activate', 'mf-account', versionB);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Version B - Cambiar Contraseña' })).toBeVisible();
  const registry = await (await request.get('/registry.json')).json();
  expect(registry.mf_account).toBe(`/remotes/mf-account/v/${versionB}/remoteEntry.js`);
  for (const { name } of otherRemotes) expect(registry[name]).toBe(registryBefore[name]);
  expect(others.map(hashTree)).toEqual(before);

  // the registry and entries are never cached, hashed chunks are
  const entry = await request.get(registry.mf_account);
  expect(entry.headers()['cache-control']).toContain('no-cache');
  expect((await request.get('/registry.json')).headers()['cache-control']).toContain('no-cache');

  remoteCli('rollback', 'mf-account');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cambiar Contraseña', exact: true })).toBeVisible();
  expect((await (await request.get('/registry.json')).json()).mf_account).toBe(`/remotes/mf-account/v/${versionA}/remoteEntry.js`);

  // back to the local build, as the other tests expect
  remoteCli('rollback', 'mf-account');
  expect((await (await request.get('/registry.json')).json()).mf_account).toBe('/remotes/mf-account/remoteEntry.js');
});

test('the contract check refuses a build that would break the shell', async () => {
  const broken = fs.mkdtempSync(path.join(E2E.runDir, 'broken-'));
  fs.cpSync(path.join(E2E.root, 'mf-account', 'dist'), broken, { recursive: true });
  const manifestFile = path.join(broken, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.exposes = manifest.exposes.filter((e: { name: string }) => e.name !== 'LoginPage');
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  expect(() => remoteCli('check', 'mf-account', '--dist', broken)).toThrow(/falta el expose \.\/LoginPage/);
  expect(remoteCli('check', 'mf-account')).toContain('el contrato con el shell se cumple');
});
