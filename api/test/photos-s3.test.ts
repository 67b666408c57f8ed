/**
 * Issue 45: photos in S3-compatible object storage, against a real S3 protocol server (s3rver,
 * support/s3.ts) — no mocked client. On the embedded database, so `npm test` without PostgreSQL
 * covers the bucket: two API apps on one database and one bucket (a publish on A is served by B),
 * URLs on PHOTOS_BASE_URL, sizes stored at upload, a delete removes the objects, the orphan sweep
 * and the size backfill work on the bucket, and the photo route's Range/ETag/304 behave the same
 * on disk and on S3. Two server processes on PostgreSQL: cluster.pg.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { MSG, type Anuncio } from 'shared-contracts';
import { buildApp } from '../src/app';
import errorHandler from '../src/plugins/error-handler';
import { setZodCompilers } from '../src/plugins/openapi';
import { anuncios } from '../src/db/schema';
import {
  cardKeyOf,
  createDiskStorage,
  createS3Storage,
  fillPhotoSizes,
  readPhoto,
  storeListingPhotos,
  webpSize,
  type PhotoStorage,
} from '../src/photos';
import photoRoutes from '../src/photos/photo-routes';
import { removeOrphanPhotos } from '../src/photos/sweep-orphans';
import { startTestApp, testConfig, type TestApp } from './support/app';
import { startS3, type S3Server } from './support/s3';
import { createUser } from './support/users';
import { png } from './photos-fixtures';

let s3: S3Server;
let raw: S3Client;
beforeAll(async () => {
  s3 = await startS3();
  const { s3: opts } = s3.settings;
  raw = new S3Client({ region: opts!.region, endpoint: opts!.endpoint, forcePathStyle: true, credentials: opts!.credentials });
});
afterAll(async () => {
  raw.destroy();
  await s3.close();
});

/** Every object name in the bucket, straight from the S3 server. */
async function objects(): Promise<string[]> {
  const out = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('S3 photo storage', () => {
  let storage: PhotoStorage;
  beforeAll(() => {
    storage = createS3Storage(s3.settings.s3!);
  });
  afterAll(() => storage.close?.());

  it('stores under photos/<key>, streams whole and ranged reads, lists only photo keys, deletes idempotently', async () => {
    const data = Buffer.from('RIFF-not-really-a-webp-but-bytes-0123456789');
    await storage.put('aaaa1111.webp', data, 'image/webp');
    // A stream body (what backup and restore hand over), larger than one multipart part (5 MB).
    const big = Buffer.alloc(6 * 1024 * 1024 + 17, 7);
    big.write('end', big.length - 3);
    await storage.put('bbbb2222.webp', Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]), 'image/webp');
    // Things in the bucket that are not our photos are never listed (nor swept).
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'photos/notes.txt', Body: 'x' }));
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'otra-cosa/cccc.webp', Body: 'x' }));

    expect(await objects()).toEqual(['otra-cosa/cccc.webp', 'photos/aaaa1111.webp', 'photos/bbbb2222.webp', 'photos/notes.txt']);
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    expect(keys.sort()).toEqual(['aaaa1111.webp', 'bbbb2222.webp']);

    expect(await readPhoto(storage, 'aaaa1111.webp')).toEqual(data);
    expect((await readPhoto(storage, 'bbbb2222.webp'))!.equals(big)).toBe(true);
    const head = await storage.head('bbbb2222.webp');
    expect(head).toMatchObject({ size: big.length, contentType: 'image/webp' });
    const part = await storage.get('bbbb2222.webp', { start: big.length - 3, end: big.length - 1 });
    expect(part).toMatchObject({ size: big.length, etag: head!.etag });
    const chunks: Buffer[] = [];
    for await (const c of part!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('end');
    expect(await storage.storedAt('aaaa1111.webp')).toBeGreaterThan(Date.now() - 60_000);

    await storage.delete('aaaa1111.webp');
    await storage.delete('aaaa1111.webp');
    expect(await storage.get('aaaa1111.webp')).toBeNull();
    expect(await storage.head('aaaa1111.webp')).toBeNull();
    expect(await storage.storedAt('aaaa1111.webp')).toBeNull();
    await expect(storage.put('../x.webp', data, 'image/webp')).rejects.toThrow(/invalid photo key/);
    await expect(storage.delete('a/b.webp')).rejects.toThrow(/invalid photo key/);
    expect(await storage.get('../photos/bbbb2222.webp')).toBeNull();
    await storage.delete('bbbb2222.webp');
  });
});

/** Two apps on one database and one bucket: A publishes, B serves. */
describe('two API apps on one bucket', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bUrl: string;
  beforeAll(async () => {
    a = await startTestApp('pglite', { photos: s3.settings, photosBaseUrl: 'https://cdn.example' });
    b = await buildApp(testConfig({ photos: s3.settings }), { logger: false, database: a.testDb.database });
    await b.listen({ port: 0, host: '127.0.0.1' });
    bUrl = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a publish on A is served by B; URLs on PHOTOS_BASE_URL with stored sizes; a delete removes the objects', async () => {
    const before = await objects();
    const { auth } = await createUser(a.app, { email: 'bucket@example.com' });
    const fd = new FormData();
    const fields = { title: 'Casa en el bucket', price: '100000', description: 'Bonita.', name: 'Ana', apellido: 'Gil', movil: '8095550000', email: 'a@example.com', address: 'Calle 1', latitude: '18.47', longitude: '-69.9' };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    for (const p of [await png(1000, 700), await png(500, 900)]) fd.append('images', new Blob([new Uint8Array(p)], { type: 'image/png' }), 'p.png');
    const res = await fetch(`${a.url}/anuncio`, { method: 'POST', body: fd, headers: auth });
    expect(res.status).toBe(201);
    const listing = (await res.json()) as Anuncio;
    const keys = listing.image_urls.map((u) => u.slice(u.lastIndexOf('/') + 1));
    expect(listing.image_urls).toEqual(keys.map((k) => `https://cdn.example/photos/${k}`));
    expect(listing.image_sizes).toEqual([
      { width: 1000, height: 700, card: { width: 640, height: 448 } },
      { width: 500, height: 900, card: { width: 356, height: 640 } },
    ]);
    // In the bucket, not on A's disk.
    const added = (await objects()).filter((k) => !before.includes(k));
    expect(added).toEqual(keys.flatMap((k) => [`photos/${k}`, `photos/${cardKeyOf(k)}`]).sort());
    expect(fs.existsSync(path.join(a.config.dataDir, 'photos'))).toBe(false);

    // B never saw the upload; it serves what A stored, and the stored size is the real one.
    const photo = await fetch(`${bUrl}/photos/${keys[1]}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(await bytesOf(photo)).metadata()).toMatchObject({ format: 'webp', width: 500, height: 900 });
    // B answers the listing with the same sizes (its own URL base: PUBLIC_API_URL).
    const fromB = (await (await fetch(`${bUrl}/anuncio/${listing._id}`)).json()) as Anuncio;
    expect(fromB.image_sizes).toEqual(listing.image_sizes);
    expect(fromB.image_urls[0]).toBe(`http://api.test/photos/${keys[0]}`);

    expect((await fetch(`${a.url}/${listing._id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    expect(await objects()).toEqual(before);
    expect((await fetch(`${bUrl}/photos/${keys[0]}`)).status).toBe(404);
  });

  it('the orphan sweep removes unreferenced objects only, and the size backfill reads the bucket once per photo', async () => {
    const storage = a.app.photoStorage;
    const [kept, orphan] = [await storeListingPhotos(storage, [await png(800, 600)]), await storeListingPhotos(storage, [await png(300, 300)])];
    const [row] = await a.app.db
      .insert(anuncios)
      .values({ title: 'Antigua', description: 'Sin tamaños', price: 1, moneda: 'RD', priceRd: 1, proposito: 'venta', propiedad: 'Casa', imageKeys: [...kept, 'ffffffffffffffffffffffffffffffff.webp'] })
      .returning();
    expect(row.imageSizes).toEqual({});

    const removed = await removeOrphanPhotos(a.app.db, storage, 0);
    expect(removed.sort()).toEqual([orphan[0], cardKeyOf(orphan[0])].sort());
    expect(await storage.head(kept[0])).not.toBeNull();
    expect(await storage.head(cardKeyOf(kept[0]))).not.toBeNull();
    expect(await storage.head(orphan[0])).toBeNull();

    // Filled from the headers in the bucket; the missing photo stays unknown; a second run finds nothing to do.
    expect(await fillPhotoSizes(a.app.db, storage)).toBe(1);
    const [after] = await a.app.db.select().from(anuncios).where(eq(anuncios.id, row.id));
    expect(after.imageSizes).toEqual({ [kept[0]]: [800, 600, 640, 480] });
    expect(await fillPhotoSizes(a.app.db, storage)).toBe(0);
    const wire = (await (await fetch(`${a.url}/anuncio/${row.id}`)).json()) as Anuncio;
    expect(wire.image_sizes).toEqual([{ width: 800, height: 600, card: { width: 640, height: 480 } }, null]);
  });
});

/** The API's photo route over real HTTP, the same checks for each storage. */
describe.each(['disk', 's3'] as const)('GET /photos/:key on %s: ETag, If-None-Match, Range', (kind) => {
  let app: FastifyInstance;
  let url: string;
  let key: string;
  let whole: Buffer;
  let dir: string;
  let storage: PhotoStorage;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-route-'));
    storage = kind === 'disk' ? createDiskStorage(dir) : createS3Storage(s3.settings.s3!);
    [key] = await storeListingPhotos(storage, [await png(1200, 800)]);
    whole = (await readPhoto(storage, key))!;
    app = Fastify();
    setZodCompilers(app);
    await app.register(errorHandler);
    await app.register(photoRoutes, { storage });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/photos/${key}`;
  });
  afterAll(async () => {
    await app.close();
    await storage.delete(key);
    await storage.delete(cardKeyOf(key));
    storage.close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the whole photo with a strong ETag, and 304 to a matching If-None-Match', async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(whole.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bytesOf(res)).equals(whole)).toBe(true);

    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await fetch(url, { headers: { 'if-none-match': inm } });
      expect({ inm, status: again.status }).toEqual({ inm, status: 304 });
      expect(again.headers.get('etag')).toBe(etag);
      expect((await bytesOf(again)).length).toBe(0);
    }
    expect((await fetch(url, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);
  });

  it('answers one byte range with 206 (enough to size the photo), and 416 past the end', async () => {
    const head = await fetch(url, { headers: { range: 'bytes=0-29' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-29/${whole.length}`);
    expect(head.headers.get('content-length')).toBe('30');
    expect(webpSize(await bytesOf(head))).toEqual({ width: 1200, height: 800 });

    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect((await bytesOf(tail)).equals(whole.subarray(whole.length - 10))).toBe(true);
    const open = await fetch(url, { headers: { range: `bytes=${whole.length - 5}-` } });
    expect((await bytesOf(open)).equals(whole.subarray(whole.length - 5))).toBe(true);

    const past = await fetch(url, { headers: { range: `bytes=${whole.length}-${whole.length + 10}` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    // Malformed, several ranges, or a stale If-Range: the whole photo.
    for (const headers of [{ range: 'bytes=abc' } as Record<string, string>, { range: 'items=0-1' }, { range: 'bytes=0-1,5-6' }, { range: 'bytes=0-1', 'if-range': '"stale"' }]) {
      const res = await fetch(url, { headers });
      expect(res.status).toBe(200);
      expect((await bytesOf(res)).length).toBe(whole.length);
    }
    const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag')!;
    expect((await fetch(url, { headers: { range: 'bytes=0-1', 'if-range': etag } })).status).toBe(206);
  });

  it('answers HEAD without a body, and 404 for what is not there', async () => {
    const res = await fetch(url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(whole.length));
    const missing = await fetch(url.replace(key, 'ffffffffffffffffffffffffffffffff.webp'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
    expect(await missing.json()).toEqual({ error: MSG.photoNotFound });
  });
});
