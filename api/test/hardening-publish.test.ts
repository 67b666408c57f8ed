/**
 * Issue 19, item 3, over real HTTP with the real rate limiter: publishing is limited per user and
 * per client, refuses a user over quota before reading the body, and bounds the whole body even
 * when it declares no length (chunked); the geocoder passthrough (GEOCODER_URL, here a local HTTP
 * server on port 0) is limited per client and its answers cached.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { LISTING_FIELDS } from './support/listing-fields';
import { createUser } from './support/users';
import { get } from './support/http';
import { png } from './photos-fixtures';

function publishForm(photos: Buffer[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(LISTING_FIELDS)) fd.append(k, v);
  photos.forEach((p, i) => fd.append('images', new Blob([new Uint8Array(p)], { type: 'image/png' }), `${i}.png`));
  return fd;
}

async function publish(t: TestApp, token: string, ip: string, photos: Buffer[] = []) {
  const res = await fetch(`${t.url}/anuncio`, { method: 'POST', body: publishForm(photos), headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });
  return { status: res.status, body: (await res.json()) as { error?: string }, retryAfter: res.headers.get('retry-after') };
}

/** A raw chunked request (no Content-Length): `send` writes body pieces; resolves with the status line once answered. */
function chunkedUpload(t: TestApp, token: string, ip: string) {
  const { port } = new URL(t.url);
  const req = http.request({
    host: '127.0.0.1',
    port: Number(port),
    method: 'POST',
    path: '/anuncio',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip, 'content-type': 'multipart/form-data; boundary=zz', 'transfer-encoding': 'chunked' },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  return { req, answered };
}

describe.each(engines())('publish and geocoder limits on %s', (engine) => {
  const limits = { publish: { user: { max: 2, windowMs: 60 * 60_000 }, ip: { max: 3, windowMs: 60 * 60_000 } } };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { trustProxy: 1 }, { rateLimits: limits, publishMaxBodyBytes: 2 * 1024 * 1024 });
  });
  afterAll(() => t.close());

  test('per user, then per client: 429 with Retry-After, before anything is stored', async () => {
    const a = await createUser(t.app, { miPlan: 50 });
    const b = await createUser(t.app, { miPlan: 50 });
    expect((await publish(t, a.token, '10.7.0.1')).status).toBe(201);
    expect((await publish(t, a.token, '10.7.0.2')).status).toBe(201);
    const overUser = await publish(t, a.token, '10.7.0.3');
    expect(overUser).toMatchObject({ status: 429, body: { error: MSG.tooManyRequests } });
    expect(Number(overUser.retryAfter)).toBeGreaterThan(0);
    // Another user from a fresh address is served; from an address over its limit, not.
    expect((await publish(t, b.token, '10.7.0.9')).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await publish(t, b.token, '10.7.0.1')).status).toBe(i === 0 ? 201 : 429);
    t.clock.advance(60 * 60_000);
    expect((await publish(t, a.token, '10.7.0.3')).status).toBe(201);
  });

  test('over quota: 403 before the body is read (the upload is still being sent)', async () => {
    const full = await createUser(t.app, { miPlan: 0 });
    const { req, answered } = chunkedUpload(t, full.token, '10.8.0.1');
    req.write('--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nCasa\r\n');
    // The rest of the body never comes: only an answer given before reading it can arrive.
    const answer = await answered;
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ error: MSG.quotaReached });
    req.destroy();
  });

  test('a chunked body larger than the bound is refused with 413 and nothing is kept', async () => {
    const user = await createUser(t.app, { miPlan: 50 });
    const before = fs.existsSync(path.join(t.config.dataDir, 'photos')) ? fs.readdirSync(path.join(t.config.dataDir, 'photos')).length : 0;
    const photo = await png(1200, 900);
    const big = Buffer.concat([photo, Buffer.alloc(900 * 1024 - photo.length)]);
    const { req, answered } = chunkedUpload(t, user.token, '10.9.0.1');
    for (const [k, v] of Object.entries(LISTING_FIELDS)) req.write(`--zz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    // Three photos of 900 KiB each: every one is within the per-photo limit, the whole is not.
    for (let i = 0; i < 3; i++) {
      req.write(`--zz\r\nContent-Disposition: form-data; name="images"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n`);
      req.write(big);
      req.write('\r\n');
    }
    req.end('--zz--\r\n');
    const answer = await answered.catch(() => ({ status: 0, body: '' }));
    expect(answer.status).toBe(413);
    const after = fs.existsSync(path.join(t.config.dataDir, 'photos')) ? fs.readdirSync(path.join(t.config.dataDir, 'photos')).length : 0;
    expect(after).toBe(before);
  });

  test('file parts that are not photos count against the bound too (issue 40)', async () => {
    const user = await createUser(t.app, { miPlan: 50 });
    const { req, answered } = chunkedUpload(t, user.token, '10.9.0.2');
    for (const [k, v] of Object.entries(LISTING_FIELDS)) req.write(`--zz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    for (let i = 0; i < 3; i++) {
      req.write(`--zz\r\nContent-Disposition: form-data; name="adjunto"; filename="${i}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      req.write(Buffer.alloc(900 * 1024, 1));
      req.write('\r\n');
    }
    req.end('--zz--\r\n');
    const answer = await answered.catch(() => ({ status: 0, body: '' }));
    expect(answer.status).toBe(413);
    expect(await t.app.db.$count(anuncios, eq(anuncios.ownerId, user.user.id))).toBe(0);
  });
});

describe('geocoder passthrough (GEOCODER_URL): cached and limited per client', () => {
  let remote: http.Server;
  let asked: string[];
  let t: TestApp;
  beforeAll(async () => {
    asked = [];
    remote = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(req.url?.startsWith('/search') ? '[]' : JSON.stringify({ error: 'Unable to geocode' }));
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const { port } = remote.address() as AddressInfo;
    t = await startTestApp('pglite', { trustProxy: 1, geocoderUrl: `http://127.0.0.1:${port}` }, { rateLimits: { geocode: { ip: { max: 4, windowMs: 60_000 } } } });
  });
  afterAll(async () => {
    await t.close();
    remote.closeAllConnections();
    await new Promise((resolve) => remote.close(resolve));
  });

  test('the same question reaches the remote server once; a client over its limit gets 429', async () => {
    const from = { 'x-forwarded-for': '10.10.0.1' };
    expect((await get(t, '/geocode/search?q=Piantini', from)).status).toBe(200);
    expect((await get(t, '/geocode/search?q=%20piantini%20', from)).status).toBe(200);
    expect((await get(t, '/geocode/reverse?lng=-69.93812&lat=18.47211', from)).status).toBe(200);
    expect((await get(t, '/geocode/reverse?lng=-69.93814&lat=18.47209', from)).status).toBe(200);
    expect(asked.filter((u) => u.startsWith('/search'))).toHaveLength(1);
    expect(asked.filter((u) => u.startsWith('/reverse'))).toHaveLength(1);
    const refused = await get(t, '/geocode/search?q=Naco', from);
    expect(refused).toMatchObject({ status: 429, body: { error: MSG.tooManyRequests } });
    expect((await get(t, '/geocode/search?q=Naco', { 'x-forwarded-for': '10.10.0.2' })).status).toBe(200);
  });
});
