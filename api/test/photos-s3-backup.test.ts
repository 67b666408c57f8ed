/**
 * Issue 45: `npm run backup` / `restore` (scripts/backup.mjs) with the photos in a bucket
 * (PHOTOS_S3_*), against a real S3 protocol server (s3rver): the backup holds the bucket's photos as
 * files; after the bucket is wiped, the restore puts exactly them back in the bucket (what was
 * there instead is kept aside in DATA_DIR/pre-restore-*), and the API serves them again.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Anuncio } from 'shared-contracts';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { testConfig } from './support/app';
import { startS3, type S3Server } from './support/s3';
import { createUser } from './support/users';
import { png } from './photos-fixtures';

const ROOT = path.resolve(__dirname, '../..');
let s3: S3Server;
let raw: S3Client;
let config: Config;
let backupDir: string;
beforeAll(async () => {
  s3 = await startS3('backup-photos');
  const o = s3.settings.s3!;
  raw = new S3Client({ region: o.region, endpoint: o.endpoint, forcePathStyle: true, credentials: o.credentials });
  config = testConfig({ photos: s3.settings });
  backupDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'api-backup-s3-')), 'copia');
});
afterAll(async () => {
  raw.destroy();
  await s3.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
  fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
});

const objects = async () => ((await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort();

/** Run without blocking: the S3 server answers from this process's event loop. */
function script(args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), ...args], { cwd: ROOT, env: { PATH: process.env.PATH, DATA_DIR: config.dataDir, ...env } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

async function withApp<T>(run: (url: string, app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  // No database handed in: the app opens DATA_DIR/pglite, as the server does.
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await run(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app);
  } finally {
    await app.close();
  }
}

test('the bucket\'s photos survive backup, wipe and restore', async () => {
  const listing = await withApp(async (url, app) => {
    const { auth } = await createUser(app, { email: 'copia-s3@example.com' });
    const fd = new FormData();
    const fields = { title: 'Casa', price: '100000', description: 'Bonita.', name: 'Ana', apellido: 'Gil', movil: '8095550000', email: 'a@example.com', address: 'Calle 1', latitude: '18.47', longitude: '-69.9' };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    for (const p of [await png(600, 400), await png(400, 600)]) fd.append('images', new Blob([new Uint8Array(p)], { type: 'image/png' }), 'p.png');
    const res = await fetch(`${url}/anuncio`, { method: 'POST', body: fd, headers: auth });
    expect(res.status).toBe(201);
    return (await res.json()) as Anuncio;
  });
  const stored = await objects();
  expect(stored).toHaveLength(4);

  const made = await script(['backup', backupDir], s3.env);
  expect(made).toMatchObject({ status: 0 });
  expect(made.output).toContain('4 fotos');
  expect(fs.readdirSync(path.join(backupDir, 'photos')).map((n) => `photos/${n}`).sort()).toEqual(stored);

  // Wipe the bucket; a stranger takes the photos' place.
  for (const key of stored) await raw.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
  await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'photos/ajena.webp', Body: 'not from the backup', ContentType: 'image/webp' }));
  fs.rmSync(path.join(config.dataDir, 'pglite'), { recursive: true });

  const restored = await script(['restore', backupDir], s3.env);
  expect(restored.output).toContain('restaurado');
  expect(restored.status).toBe(0);
  expect(await objects()).toEqual(stored);
  const aside = fs.readdirSync(config.dataDir).find((n) => n.startsWith('pre-restore-'));
  expect(aside && fs.readdirSync(path.join(config.dataDir, aside, 'photos'))).toEqual(['ajena.webp']);

  await withApp(async (url) => {
    const back = (await (await fetch(`${url}/anuncio/${listing._id}`)).json()) as Anuncio;
    expect(back.image_urls).toEqual(listing.image_urls);
    expect(back.image_sizes).toEqual(listing.image_sizes);
    for (const u of listing.image_urls) {
      const res = await fetch(`${url}/photos/${u.slice(u.lastIndexOf('/') + 1)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
  });
});

test('a half-configured bucket stops the backup with the variables at fault', async () => {
  const res = await script(['backup', path.join(path.dirname(backupDir), 'otra')], { PHOTOS_S3_BUCKET: s3.bucket, PHOTOS_S3_ACCESS_KEY_ID: 'S3RVER' });
  expect(res.status).toBe(1);
  expect(res.output).toContain('PHOTOS_S3_ACCESS_KEY_ID y PHOTOS_S3_SECRET_ACCESS_KEY');
  expect(fs.existsSync(path.join(path.dirname(backupDir), 'otra'))).toBe(false);
});
