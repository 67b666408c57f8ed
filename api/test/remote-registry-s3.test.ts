/**
 * Issue 45 (decision 0034): the remote registry in a bucket, as one site server sees it. A
 * registry naming a version the bucket does not hold whole (its `version.json`, written last by
 * `npm run remote -- publish`, is missing) is not applied: the site keeps serving what it served,
 * and switches once the version is complete. The variables that cannot work together stop the
 * start with their names. Several site servers and the CLI: cluster.pg.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startS3, type S3Server } from './support/s3';
import { startSite, until, type SiteProcess } from './support/site-process';
import { ROOT } from './support/server-process';

function settingsError(env: Record<string, string>): string | undefined {
  const script = `
    const m = await import(${JSON.stringify(path.join(ROOT, 'shell/server/site-server.mjs'))});
    try { m.siteSettings(${JSON.stringify(env)}); console.log('{}'); }
    catch (err) { console.log(JSON.stringify({ error: err.message })); }`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH } });
  return (JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { error?: string }).error;
}

describe('one site server on a bucket registry', () => {
  let s3: S3Server;
  let raw: S3Client;
  let site: SiteProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bucket-'));
  const put = (key: string, body: string) => raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
  const searchEntry = async () => ((await (await fetch(`${site.url}/registry.json`)).json()) as Record<string, string>).mf_search;

  beforeAll(async () => {
    s3 = await startS3('site-remotes');
    const o = s3.settings.s3!;
    raw = new S3Client({ region: o.region, endpoint: o.endpoint, forcePathStyle: true, credentials: o.credentials });
    const env = Object.fromEntries(Object.entries(s3.env).map(([k, v]) => [k.replace(/^PHOTOS_/, 'REMOTES_'), v]));
    site = await startSite({ ...env, REMOTES_POLL_MS: '100', DATA_DIR: dataDir, PUBLIC_API_URL: 'http://127.0.0.1:9', PUBLIC_SITE_URL: 'http://localhost:3999' });
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    raw?.destroy();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a version not yet whole in the bucket is not switched to; once whole, it is', async () => {
    // no registry in the bucket: every remote from its own build
    expect(await searchEntry()).toBe('/remotes/mf-search/remoteEntry.js');
    const entry = '/remotes/mf-search/v/9.9.9-half/remoteEntry.js';
    await put('remotes/mf-search/9.9.9-half/remoteEntry.js', 'globalThis.halfPublished = 1;');
    await put('remotes/registry.json', JSON.stringify({ mf_search: { entry, serverEntry: null } }));
    await until('the site server notices the incomplete version', () => site.lines().some((l) => String(l.err && (l.err as { message?: string }).message).includes('mf-search 9.9.9-half')));
    expect(await searchEntry()).toBe('/remotes/mf-search/remoteEntry.js');
    // nothing of it is served either: it does not exist until it is whole
    expect((await fetch(`${site.url}${entry}`)).status).toBe(404);

    await put('remotes/mf-search/9.9.9-half/version.json', JSON.stringify({ app: 'mf-search', version: '9.9.9-half' }));
    await until('the switch', async () => (await searchEntry()) === entry);
    const file = await fetch(`${site.url}${entry}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('globalThis.halfPublished = 1;');
  });

  test('a key that is not a version name never reaches the disk', async () => {
    for (const bad of ['/remotes/mf-search/v/..%2F..%2Fetc/passwd', '/remotes/mf-search/v/.hidden/remoteEntry.js']) {
      expect((await fetch(`${site.url}${bad}`)).status).toBe(404);
    }
    expect(fs.readdirSync(path.join(dataDir, 'remotes-cache', 'mf-search'))).toEqual(['9.9.9-half']);
  });
});

test('the registry is in a directory or a bucket; a bad bucket setting stops the start with its name', () => {
  expect(settingsError({ REMOTES_S3_BUCKET: 'portal-remotes', REMOTES_DIR: '/srv/remotes' })).toBe('REMOTES_DIR y REMOTES_S3_BUCKET: el registro de remotes está en un directorio o en un bucket, no en los dos');
  expect(settingsError({ REMOTES_S3_ENDPOINT: 'http://minio:9000' })).toBe('REMOTES_S3_BUCKET: obligatorio cuando se define REMOTES_S3_ENDPOINT');
  expect(settingsError({ REMOTES_S3_BUCKET: 'Portal_Remotes' })).toMatch(/^REMOTES_S3_BUCKET: nombre de bucket S3 no válido/);
  expect(settingsError({ REMOTES_S3_BUCKET: 'portal-remotes', REMOTES_S3_ACCESS_KEY_ID: 'AKIA' })).toMatch(/^REMOTES_S3_ACCESS_KEY_ID y REMOTES_S3_SECRET_ACCESS_KEY/);
  expect(settingsError({ REMOTES_S3_BUCKET: 'portal-remotes', REMOTES_POLL_MS: '10' })).toBe('REMOTES_POLL_MS debe ser un entero entre 100 y 60000 (ms), no "10"');
  expect(settingsError({ REMOTES_S3_BUCKET: 'portal-remotes' })).toBeUndefined();
});
