/**
 * Issue 45, "done when": the portal on several machines, as docs/deployment.md describes it. Two
 * real API processes (`node --import tsx api/src/server.ts`) on one PostgreSQL and two real site
 * server processes (`node shell/server/site-server.mjs`, each beside its own API) on one S3
 * server (s3rver, started here; one bucket holds the photos under `photos/` and the remote
 * registry under `remotes/`):
 * - photos: published on API A, served by B, whose disk never held them; A's photo URLs point at
 *   PHOTOS_BASE_URL; a delete on B removes the objects for both;
 * - remote versions: `npm run remote -- publish --activate` then `rollback` switch both site
 *   servers, which serve the published files from the bucket (copied to their own DATA_DIR);
 * - metrics: both APIs expose the same metric names, and both site servers;
 * - a rolling restart: SIGTERM to API B, whose /readyz answers 503 "closing" at once while it still
 *   serves for its grace (SHUTDOWN_GRACE_MS) and then exits 0; A keeps answering throughout. The
 *   site server's side of it: shutdown-grace.test.ts.
 * One file, so the four processes start once. The bucket alone: photos-s3.test.ts; the shared
 * directory: site-ops.test.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import sharp from 'sharp';
import type { Anuncio } from 'shared-contracts';
import { hashPassword } from '../src/accounts/passwords';
import { requirePostgres } from './support/engines';
import { ROOT, sigtermAndProbe, startServer, type ServerProcess } from './support/server-process';
import { LISTING_FIELDS } from './support/listing-fields';
import { startS3, type S3Server } from './support/s3';
import { remoteCli, startSite, until, type SiteProcess } from './support/site-process';
import { png } from './photos-fixtures';

const TOKEN = 'cluster-metrics-token-0123456789';
const GRACE_MS = 1500;

const metricNames = async (url: string) => {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return new Set((await res.text()).split('\n').filter((l) => l.startsWith('# TYPE ')).map((l) => l.split(' ')[2]));
};

async function stop(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

describe('two API processes on one PostgreSQL, two site servers, one bucket', () => {
  const adminUrl = requirePostgres();
  const name = `test_photos_${crypto.randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'api-photos-s3-')));
  const siteDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'site-remotes-s3-')));
  let s3: S3Server;
  let raw: S3Client;
  let a: ServerProcess;
  let b: ServerProcess;
  let sites: SiteProcess[] = [];
  let remotesEnv: Record<string, string>;
  let db: Client;

  beforeAll(async () => {
    s3 = await startS3('shared-photos');
    const o = s3.settings.s3!;
    raw = new S3Client({ region: o.region, endpoint: o.endpoint, forcePathStyle: true, credentials: o.credentials });
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const common = { DATABASE_URL: url.toString(), METRICS_TOKEN: TOKEN, ...s3.env };
    // B is the instance the last test restarts: a short grace (5 s by default in production)
    [a, b] = await Promise.all([startServer(dataDirs[0], { ...common, PHOTOS_BASE_URL: 'https://fotos.example' }), startServer(dataDirs[1], { ...common, SHUTDOWN_GRACE_MS: String(GRACE_MS) })]);
    // the site servers' settings name the same bucket as REMOTES_S3_* (read-only keys would do for them)
    remotesEnv = Object.fromEntries(Object.entries(s3.env).map(([k, v]) => [k.replace(/^PHOTOS_/, 'REMOTES_'), v]));
    sites = await Promise.all(
      [a, b].map((api, i) =>
        startSite({ ...remotesEnv, REMOTES_POLL_MS: '200', DATA_DIR: siteDirs[i], PUBLIC_API_URL: api.url, PUBLIC_SITE_URL: 'http://localhost:3999', METRICS_TOKEN: TOKEN }),
      ),
    );
    db = new Client({ connectionString: url.toString() });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await Promise.all([stop(a), stop(b)]);
    await db?.end();
    raw?.destroy();
    await s3?.close();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of [...dataDirs, ...siteDirs]) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('published on A, served by B; a delete on B removes the objects', async () => {
    const email = `s3-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await db.query('INSERT INTO users (email, password_hash, name, apellido, confirmed) VALUES ($1, $2, $3, $4, true)', [email, await hashPassword('Secreta1!'), 'Ana', 'Pérez']);
    const login = await fetch(`${a.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Secreta1!' }) });
    const { token } = (await login.json()) as { token: string };

    const fd = new FormData();
    for (const [k, v] of Object.entries(LISTING_FIELDS)) fd.append(k, v);
    fd.append('images', new Blob([new Uint8Array(await png(900, 600))], { type: 'image/png' }), 'p.png');
    const published = await fetch(`${a.url}/anuncio`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } });
    expect(published.status).toBe(201);
    const listing = (await published.json()) as Anuncio;
    const key = listing.image_urls[0].slice(listing.image_urls[0].lastIndexOf('/') + 1);
    expect(listing.image_urls).toEqual([`https://fotos.example/photos/${key}`]);
    expect(listing.image_sizes).toEqual([{ width: 900, height: 600, card: { width: 640, height: 427 } }]);

    const photo = await fetch(`${b.url}/photos/${key}`);
    expect(photo.status).toBe(200);
    expect(await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 900, height: 600 });
    const etag = photo.headers.get('etag')!;
    // The same object, so the same validator on either instance.
    expect((await fetch(`${a.url}/photos/${key}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'photos'))).toBe(false);

    expect((await fetch(`${b.url}/${listing._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const left = (await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'photos/' }))).Contents ?? [];
    expect(left.map((o) => o.Key)).toEqual([]);
    expect((await fetch(`${a.url}/photos/${key}`)).status).toBe(404);
  });

  test('publish --activate and rollback switch both site servers, which serve the version from the bucket', async () => {
    const entries = () => Promise.all(sites.map(async (site) => ((await (await fetch(`${site.url}/registry.json`)).json()) as Record<string, string>).mf_search));
    const local = '/remotes/mf-search/remoteEntry.js';
    // ready: the API answers and the bucket's registry has been read (none yet: every remote's own build)
    for (const site of sites) await until('the site server is ready', async () => (await fetch(`${site.url}/readyz`)).status === 200, 20_000);
    expect(await entries()).toEqual([local, local]);

    const published = await remoteCli(['publish', 'mf-search', '--no-build', '--activate'], remotesEnv);
    expect(published).toMatchObject({ code: 0, out: expect.stringContaining(`s3://${s3.bucket}/remotes/`) });
    const activatedAt = Date.now();
    const version = /publicado mf-search (\S+)/.exec(published.out)![1];
    const entry = `/remotes/mf-search/v/${version}/remoteEntry.js`;
    await until('both site servers switch to the published version', async () => (await entries()).every((e) => e === entry));
    const switchMs = Date.now() - activatedAt;
    // a poll (REMOTES_POLL_MS=200 here; 1 s by default) plus the copy of the version: about 1 s
    // measured on a loaded 2-core machine; the bound leaves room for a slower CI run
    expect(switchMs).toBeLessThan(5_000);
    const built = fs.readFileSync(path.join(ROOT, 'mf-search/dist/remoteEntry.js'), 'utf8');
    for (const [i, site] of sites.entries()) {
      const res = await fetch(`${site.url}${entry}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(built);
      // the renderer's server build is on this server's disk, copied from the bucket
      expect(fs.existsSync(path.join(siteDirs[i], 'remotes-cache/mf-search', version, 'server/remoteEntry.js'))).toBe(true);
      // and never served
      expect((await fetch(`${site.url}/remotes/mf-search/v/${version}/server/remoteEntry.js`)).status).toBe(404);
    }
    // either site server renders the home page with the version's server build (copied from the
    // bucket: the registry names no other), and hands the browser the same version
    for (const site of sites) {
      const page = await fetch(`${site.url}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Más filtros');
      expect(html).toContain(entry);
    }

    // the bucket's versions, the active one starred
    expect((await remoteCli(['list', 'mf-search'], remotesEnv)).out).toContain(`* ${version}`);
    expect(await remoteCli(['rollback', 'mf-search'], remotesEnv)).toMatchObject({ code: 0 });
    await until('both site servers roll back', async () => (await entries()).every((e) => e === local));
    // a browser still on the version just left gets its files
    for (const site of sites) expect((await fetch(`${site.url}${entry}`)).status).toBe(200);
  });

  test('both APIs expose the same metric names, and both site servers', async () => {
    const [apiA, apiB, siteA, siteB] = await Promise.all([a.url, b.url, ...sites.map((s) => s.url)].map(metricNames));
    expect([...apiA].sort()).toEqual([...apiB].sort());
    expect([...siteA].sort()).toEqual([...siteB].sort());
    for (const name of ['http_request_duration_seconds', 'search_queue_waiting', 'search_notify_lag_seconds', 'mail_messages_total', 'background_job_last_run_timestamp_seconds']) expect(apiA).toContain(name);
    for (const name of ['http_request_duration_seconds', 'ssr_render_duration_seconds', 'ssr_fallbacks_total']) expect(siteA).toContain(name);
  });

  // last: it stops B
  test('a rolling restart of B: /readyz 503 closing at once, B still serves during its grace and exits 0; A answers', async () => {
    const r = await sigtermAndProbe(b.url, b.child, b.exited, '/livez');
    expect(r).toMatchObject({ readyz: 503, readyzBody: { status: 'closing' }, served: 200, connection: 'close', code: 0 });
    expect(r.servedAt).toBeLessThan(GRACE_MS);
    expect(r.exitMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
  });
});
