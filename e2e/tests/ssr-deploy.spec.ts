/**
 * Server rendering and the registry (issue 17): a remote whose server build throws still gives a
 * usable page (its area rendered by the browser), never a 500. Desktop only: it changes the
 * site's registry, as the deploy tests do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '../support/fixtures';
import { E2E } from '../support/env';

const html = async (url: string) => {
  const res = await fetch(`${E2E.siteUrl}${url}`);
  return { status: res.status, body: await res.text() };
};

test('a remote whose server build throws: the page is still served and its area renders in the browser', async ({ page }) => {
  const broken = path.join(E2E.dataDir, 'remotes', 'mf-search', 'roto', 'server');
  fs.mkdirSync(broken, { recursive: true });
  fs.writeFileSync(path.join(broken, 'remoteEntry.js'), "throw new Error('build de servidor roto');\n");
  const registryFile = path.join(E2E.dataDir, 'registry.json');
  const before = fs.existsSync(registryFile) ? fs.readFileSync(registryFile, 'utf8') : null;
  const registry = before ? JSON.parse(before) : {};
  registry.mf_search = { entry: '/remotes/mf-search/remoteEntry.js', serverEntry: '/remotes/mf-search/v/roto/server/remoteEntry.js' };
  fs.writeFileSync(registryFile, JSON.stringify(registry));
  try {
    const res = await html('/');
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('class="anuncio-card"');
    await page.goto('/');
    await expect(page.locator('.anuncio-card')).toHaveCount(12);
  } finally {
    if (before === null) fs.rmSync(registryFile, { force: true });
    else fs.writeFileSync(registryFile, before);
  }
  // back to the working build: rendered on the server again
  expect((await html('/')).body).toContain('class="anuncio-card"');
});
