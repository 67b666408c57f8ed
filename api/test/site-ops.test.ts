/**
 * Issue 45, the site server (shell/server/site-server.mjs + ops.mjs) in child processes beside a
 * real API: JSON access logs with the request id, the id forwarded to the API calls of the server
 * render, /livez and /readyz (the API and the builds), /metrics behind METRICS_TOKEN, the
 * Cache-Control of anonymous and signed-in pages, and two site servers sharing REMOTES_DIR
 * switched together by `npm run remote -- publish|rollback`.
 * Needs the builds (npm test builds what is stale first).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { startTestApp, type TestApp } from './support/app';
import { remoteCli, startSite, until, type SiteProcess } from './support/site-process';

const TOKEN = 'site-metrics-token-0123456789';

describe('the site server beside a real API', () => {
  let t: TestApp;
  let site: SiteProcess;
  const apiLog: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) apiLog.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestApp('pglite', { logLevel: 'info' }, { logger: true, logStream });
    site = await startSite({ PUBLIC_API_URL: t.url, METRICS_TOKEN: TOKEN, PUBLIC_SITE_URL: 'http://localhost:3999' });
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await t?.close();
  });

  test('each request gets an id, echoed, on its JSON access line, and forwarded to the API calls of its render', async () => {
    const res = await fetch(`${site.url}/`, { headers: { 'x-request-id': 'site-trace-001' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('site-trace-001');
    await until('the access line', () => site.lines().some((l) => l.reqId === 'site-trace-001'));
    const line = site.lines().find((l) => l.reqId === 'site-trace-001')!;
    expect(line).toMatchObject({ msg: 'request completed', method: 'GET', path: '/', route: '/', status: 200, service: 'site' });
    expect(typeof line.ms).toBe('number');
    // the render's calls to the API carry the same id
    expect(apiLog.some((l) => l.reqId === 'site-trace-001' && l.msg === 'incoming request')).toBe(true);

    const hostile = await fetch(`${site.url}/robots.txt`, { headers: { 'x-request-id': '<img src=x>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('an anonymous server-rendered page is cacheable by a CDN for a short time; anything with credentials or per-user stays private', async () => {
    await fetch(`${site.url}/`);
    const anonymous = await fetch(`${site.url}/`);
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    // a response shared by everyone carries no nonce a visitor could learn and reuse
    expect(anonymous.headers.get('content-security-policy')).not.toContain("'nonce-");
    for (const headers of [{ cookie: 'session=abc' }, { authorization: 'Bearer abc' }] as Record<string, string>[]) {
      const personal = await fetch(`${site.url}/`, { headers });
      expect(personal.headers.get('cache-control')).toBe('private, no-store');
    }
    // the pages the browser renders for a signed-in user (account, publish) are never shared
    for (const page of ['/misAnuncios', '/login', '/agregarAnuncio']) {
      expect((await fetch(`${site.url}${page}`)).headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    }
    // a missing page is not cached either
    expect((await fetch(`${site.url}/no-existe-esta-pagina`)).headers.get('cache-control')).toMatch(/no-store/);
  });

  test('/metrics needs the token and counts requests by route, renders and fallbacks', async () => {
    await fetch(`${site.url}/anuncioDetailedView/123`);
    expect((await fetch(`${site.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${site.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } })).status).toBe(401);
    const res = await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/",status_code="200"\} [1-9]/);
    expect(text).toMatch(/route="\/anuncioDetailedView\/:anuncioId"/);
    expect(text).not.toContain('/anuncioDetailedView/123');
    expect(text).toMatch(/ssr_render_duration_seconds_count\{status_code="200"\} [1-9]/);
    expect(text).toMatch(/^ssr_fallbacks_total\{reason="error"\} 0$/m);
    expect(text).toMatch(/^ssr_fallbacks_total\{reason="no-build"\} 0$/m);
  });

  test('/livez always; /readyz only while the API is ready and the builds exist', async () => {
    expect((await fetch(`${site.url}/livez`)).status).toBe(200);
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { api: true, builds: true, registry: true } });
    // a site server whose API is gone
    const orphan = await startSite({ PUBLIC_API_URL: 'http://127.0.0.1:9', PUBLIC_SITE_URL: 'http://localhost:3999' });
    try {
      const res = await fetch(`${orphan.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', checks: { api: false, builds: true, registry: true } });
      expect((await fetch(`${orphan.url}/livez`)).status).toBe(200);
    } finally {
      await orphan.stop();
    }
  });
});

test('two site servers sharing REMOTES_DIR switch together on publish --activate and rollback', async () => {
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'site-remotes-'));
  const env = (n: number) => ({ REMOTES_DIR: shared, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `site-data-${n}-`)), PUBLIC_API_URL: 'http://127.0.0.1:9', PUBLIC_SITE_URL: 'http://localhost:3999' });
  const a = await startSite(env(1));
  const b = await startSite(env(2));
  const entries = async () => Promise.all([a, b].map(async (s) => ((await (await fetch(`${s.url}/registry.json`)).json()) as Record<string, string>).mf_search));
  try {
    expect(await entries()).toEqual(['/remotes/mf-search/remoteEntry.js', '/remotes/mf-search/remoteEntry.js']);
    const published = await remoteCli(['publish', 'mf-search', '--no-build', '--activate'], { REMOTES_DIR: shared });
    expect(published.code).toBe(0);
    const version = /publicado mf-search (\S+)/.exec(published.out)![1];
    const entry = `/remotes/mf-search/v/${version}/remoteEntry.js`;
    expect(await entries()).toEqual([entry, entry]);
    // both serve the published build's files from the shared directory
    for (const s of [a, b]) expect((await fetch(`${s.url}${entry}`)).status).toBe(200);
    const rolled = await remoteCli(['rollback', 'mf-search'], { REMOTES_DIR: shared });
    expect(rolled.code).toBe(0);
    expect(await entries()).toEqual(['/remotes/mf-search/remoteEntry.js', '/remotes/mf-search/remoteEntry.js']);
  } finally {
    await a.stop();
    await b.stop();
    fs.rmSync(shared, { recursive: true, force: true });
  }
}, 120_000);
