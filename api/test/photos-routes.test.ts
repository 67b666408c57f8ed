/**
 * GET /photos/:key over real HTTP (port 4230) from real disk storage.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { MSG } from 'shared-contracts';
import photoRoutes from '../src/photos/photo-routes';
import { cardKeyOf, createDiskStorage, storeListingPhotos } from '../src/photos';
import { png } from './photos-fixtures';
import errorHandler from '../src/plugins/error-handler';
import { setZodCompilers } from '../src/plugins/openapi';

const PORT = 4230;
let dir: string;
let app: FastifyInstance;
let key: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'photo-routes-'));
  const storage = createDiskStorage(dir);
  [key] = await storeListingPhotos(storage, [await png(1000, 700)]);
  // A file beside the storage directory that a traversal would try to reach.
  await writeFile(path.join(dir, '..', 'secret.webp'), 'secret');
  app = Fastify();
  // as in the app: zod route schemas, refusals answered by the API's error handler
  setZodCompilers(app);
  await app.register(errorHandler);
  await app.register(photoRoutes, { storage });
  await app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
  await rm(path.join(dir, '..', 'secret.webp'), { force: true });
});

const get = (p: string) => fetch(`http://127.0.0.1:${PORT}${p}`);

it('serves a stored photo as WebP with long cache headers and nosniff', async () => {
  const res = await get(`/photos/${key}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 700 });
  const card = await get(`/photos/${cardKeyOf(key)}`);
  expect(card.status).toBe(200);
  expect((await sharp(Buffer.from(await card.arrayBuffer())).metadata()).width).toBe(640);
});

it('answers 404 for unknown keys and for anything that tries to leave the directory', async () => {
  for (const p of [
    '/photos/ffffffffffffffffffffffffffffffff.webp',
    '/photos/..%2Fsecret.webp',
    '/photos/%2E%2E%2Fsecret.webp',
    '/photos/..%5Csecret.webp',
    `/photos/${key.replace('.webp', '.png')}`,
    '/photos/x',
  ]) {
    const res = await get(p);
    expect({ p, status: res.status }).toEqual({ p, status: 404 });
    expect(await res.json()).toEqual({ error: MSG.photoNotFound });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  }
});
