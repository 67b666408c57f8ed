/**
 * Security headers (issue 12, item 12) on the API and on the site server, and CORS only for the
 * configured origins. The site server is the real shell/server/site-server.mjs, started in a child
 * process on port 0 (it is an ES module that reads import.meta, which jest's CommonJS loader lacks).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startTestApp, type TestApp } from './support/app';

const ROOT = path.resolve(__dirname, '../..');

describe('API security headers and CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { corsOrigins: ['https://inmueblesrd.do'] });
  });
  afterAll(() => t.close());

  test.each([
    ['GET', '/health'],
    ['POST', '/allAnuncios'],
    ['GET', '/photos/nope.webp'],
    ['GET', '/no/existe'],
    ['POST', '/misAnuncios'],
  ])('%s %s carries nosniff, frame-ancestors, X-Frame-Options and Referrer-Policy', async (method, url) => {
    const res = await fetch(`${t.url}${url}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-frame-options')).toMatch(/^(DENY|SAMEORIGIN)$/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  test('CORS answers only the configured origin', async () => {
    const ok = await fetch(`${t.url}/allAnuncios`, { method: 'OPTIONS', headers: { origin: 'https://inmueblesrd.do', 'access-control-request-method': 'POST' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://inmueblesrd.do');
    for (const origin of ['https://evil.example', 'https://inmueblesrd.do.evil.example', 'http://inmueblesrd.do', 'null', 'http://localhost:3000']) {
      const pre = await fetch(`${t.url}/allAnuncios`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect({ origin, allow: pre.headers.get('access-control-allow-origin') }).toEqual({ origin, allow: null });
      const res = await fetch(`${t.url}/allAnuncios`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: '{}' });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  test('the site may send every method its pages use: PATCH too (Mis búsquedas, the favourites\' price-drop emails)', async () => {
    for (const [path, method] of [['/busquedas/00000000-0000-4000-8000-000000000000', 'PATCH'], ['/favoritos', 'PATCH'], ['/favoritos/00000000-0000-4000-8000-000000000000', 'PUT']]) {
      const pre = await fetch(`${t.url}${path}`, { method: 'OPTIONS', headers: { origin: 'https://inmueblesrd.do', 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' } });
      expect({ path, allowed: pre.headers.get('access-control-allow-methods')?.split(',').map((m) => m.trim()).includes(method) }).toEqual({ path, allowed: true });
    }
  });
});

describe('site server security headers', () => {
  let child: ChildProcess;
  let url = '';
  beforeAll(async () => {
    const script = `
      const m = await import(${JSON.stringify(path.join(ROOT, 'shell/server/site-server.mjs'))});
      const s = m.createSiteServer(m.siteSettings({ PORT: '0', API_PORT: '4899', DATA_DIR: process.env.TMPDIR_SITE }));
      s.listen(0, '127.0.0.1', () => console.log('PORT=' + s.address().port));`;
    child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: { PATH: process.env.PATH, TMPDIR_SITE: '/tmp/site-headers-test' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`site server did not start: ${out}`)), 15_000);
      child.stdout!.on('data', (d: Buffer) => {
        const m = /PORT=(\d+)/.exec(d.toString());
        if (m) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${m[1]}`);
        }
      });
    });
  });
  afterAll(() => {
    child.kill('SIGKILL');
  });

  test.each(['/config.json', '/registry.json', '/healthz'])('%s carries a CSP with frame-ancestors none, nosniff and Referrer-Policy', async (p) => {
    const res = await fetch(`${url}${p}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'/);
    // The site really works under it: the API (data and photos) and the map tiles are allowed.
    expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:4899/);
    expect(csp).toMatch(/img-src [^;]*http:\/\/localhost:4899[^;]*tile\.openstreetmap\.org/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // Issue 47: frames only from the allowed video and tour players, none from anywhere else.
    expect(/frame-src ([^;]*)/.exec(csp)?.[1].split(' ').sort()).toEqual(['https://kuula.co', 'https://my.matterport.com', 'https://www.youtube-nocookie.com']);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test('refusals carry the headers too', async () => {
    const res = await fetch(`${url}/config.json`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
