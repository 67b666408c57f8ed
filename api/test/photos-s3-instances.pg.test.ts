/**
 * Issue 45, "done when": two real API server processes (`node --import tsx api/src/server.ts`) on
 * one PostgreSQL and one S3 server (s3rver, started here): a photo published on A is served by B,
 * whose disk never held it; A's photo URLs point at PHOTOS_BASE_URL; a delete on B removes the
 * objects for both. The bucket alone, without PostgreSQL: photos-s3.test.ts.
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
import { startServer, type ServerProcess } from './support/server-process';
import { LISTING_FIELDS } from './support/listing-fields';
import { startS3, type S3Server } from './support/s3';
import { png } from './photos-fixtures';

async function stop(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

describe('two API processes on one PostgreSQL and one bucket', () => {
  const adminUrl = requirePostgres();
  const name = `test_photos_${crypto.randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'api-photos-s3-')));
  let s3: S3Server;
  let raw: S3Client;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Client;

  beforeAll(async () => {
    s3 = await startS3('shared-photos');
    const o = s3.settings.s3!;
    raw = new S3Client({ region: o.region, endpoint: o.endpoint, forcePathStyle: true, credentials: o.credentials });
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const common = { DATABASE_URL: url.toString(), ...s3.env };
    a = await startServer(dataDirs[0], { ...common, PHOTOS_BASE_URL: 'https://fotos.example' });
    b = await startServer(dataDirs[1], common);
    db = new Client({ connectionString: url.toString() });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await db?.end();
    raw?.destroy();
    await s3?.close();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
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
    const left = (await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? [];
    expect(left.map((o) => o.Key)).toEqual([]);
    expect((await fetch(`${a.url}/photos/${key}`)).status).toBe(404);
  });
});
