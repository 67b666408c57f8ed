/**
 * Issue 19, item 9 (site server): the real shell/server/site-server.mjs in a child process (an ES
 * module jest's loader cannot import). A local site serves everything as before, without HSTS; a
 * production site (https address) adds HSTS, and both send a restrictive Permissions-Policy; the
 * production site holds back source maps and the remotes' standalone QA harness pages, however the
 * path is spelt (issue 40).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(__dirname, '../..');

async function startSite(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const script = `
    const m = await import(${JSON.stringify(path.join(ROOT, 'shell/server/site-server.mjs'))});
    const s = m.createSiteServer(m.siteSettings({ ...process.env, PORT: '0', API_PORT: '4899' }));
    s.listen(0, '127.0.0.1', () => console.log('PORT=' + s.address().port));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site server did not start: ${err}`)), 15_000);
    child.stdout!.on('data', (d: Buffer) => {
      const m = /PORT=(\d+)/.exec(d.toString());
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
  });
  return { child, url };
}

/** GET with the path sent exactly as written (fetch would resolve dot segments first). */
function rawGet(url: string, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Spellings of one file's path that a server normalising paths may resolve to that file. */
const spellings = (dir: string, file: string) => [
  `${dir}/${file}/`,
  `${dir}/${file}//`,
  `${dir}/${file}%2f`,
  `${dir}/${file}%2F`,
  `${dir}/${file}/.`,
  `${dir}/${file}/%2e`,
  `${dir}/x/../${file}`,
  `${dir}/x/%2e%2e/${file}/`,
  `${dir}//${file}/`,
  `${dir}/${file}/./`,
  `${dir}/./${file}%2f`,
  `${dir}/${file.toUpperCase()}/`,
];

describe('site server: production hardening', () => {
  let dataDir: string;
  let local: { child: ChildProcess; url: string };
  let production: { child: ChildProcess; url: string };
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-hardening-'));
    // A published remote version with its harness page and a source map, as a deploy leaves them.
    const version = path.join(dataDir, 'remotes', 'mf-listing', '7');
    fs.mkdirSync(version, { recursive: true });
    fs.writeFileSync(path.join(version, 'index.html'), '<!doctype html><title>QA harness</title>');
    fs.writeFileSync(path.join(version, 'remoteEntry.js'), 'var x = 1;');
    fs.writeFileSync(path.join(version, 'remoteEntry.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    [local, production] = await Promise.all([
      startSite({ DATA_DIR: dataDir }),
      startSite({ DATA_DIR: dataDir, PUBLIC_SITE_URL: 'https://inmuebles.example' }),
    ]);
  });
  afterAll(() => {
    local.child.kill('SIGKILL');
    production.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('production: no source maps, no harness page; the remote itself is served', async () => {
    expect((await fetch(`${production.url}/remotes/mf-listing/v/7/remoteEntry.js.map`)).status).toBe(404);
    expect((await fetch(`${production.url}/remotes/mf-listing/v/7/index.html`)).status).toBe(404);
    expect((await fetch(`${production.url}/remotes/mf-listing/v/7/`)).status).toBe(404);
    expect((await fetch(`${production.url}/remotes/mf-listing/v/7/remoteEntry.js`)).status).toBe(200);
  });

  test('production: no source map or harness page in any spelling of its path', async () => {
    const dir = '/remotes/mf-listing/v/7';
    // the local site serves these spellings (so each reaches the file), the production site none
    for (const p of spellings(dir, 'remoteEntry.js.map').filter((s) => !/[A-Z]{3}/.test(s))) {
      expect({ p, status: await rawGet(local.url, p) }).toEqual({ p, status: 200 });
    }
    for (const p of [...spellings(dir, 'remoteEntry.js.map'), ...spellings(dir, 'index.html'), `${dir}//`, `${dir}/.`, `${dir}%2f`]) {
      expect({ p, status: await rawGet(production.url, p) }).toEqual({ p, status: 404 });
    }
    expect(await rawGet(production.url, `${dir}/remoteEntry.js`)).toBe(200);
  });

  test('a local site (development, e2e) still serves them', async () => {
    expect((await fetch(`${local.url}/remotes/mf-listing/v/7/remoteEntry.js.map`)).status).toBe(200);
    expect((await fetch(`${local.url}/remotes/mf-listing/v/7/index.html`)).status).toBe(200);
  });

  test('HSTS only for an https site; a restrictive Permissions-Policy on both', async () => {
    const prod = await fetch(`${production.url}/healthz`);
    expect(prod.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const dev = await fetch(`${local.url}/healthz`);
    expect(dev.headers.get('strict-transport-security')).toBeNull();
    for (const res of [prod, dev]) {
      const policy = res.headers.get('permissions-policy') ?? '';
      expect(policy).toContain('geolocation=(self)');
      for (const feature of ['camera=()', 'microphone=()', 'payment=()', 'usb=()']) expect(policy).toContain(feature);
    }
    // Refusals carry them too.
    expect((await fetch(`${production.url}/remotes/mf-listing/v/7/remoteEntry.js.map`)).headers.get('permissions-policy')).toContain('camera=()');
  });

  test('a file is sent gzip when the browser asks, whole, and its kept gzip follows the file when it changes', async () => {
    const file = path.join(dataDir, 'remotes', 'mf-listing', '7', 'chunk.js');
    const get = (acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        http
          .get(`${local.url}/remotes/mf-listing/v/7/chunk.js`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const first = 'var uno = 1;\n'.repeat(200);
    fs.writeFileSync(file, first);
    const gz = await get('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(first);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(first);
    const second = 'var dos = 2;\n'.repeat(300);
    fs.writeFileSync(file, second);
    expect(zlib.gunzipSync((await get('gzip')).body).toString()).toBe(second);
  });
});
