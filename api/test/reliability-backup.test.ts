/**
 * Backups (issue 12, item 17): `npm run backup -- <dir>` while the API is stopped, the data wiped,
 * `npm run restore -- <dir>`, and every listing and photo is back. On PGlite the data directory is
 * copied; on PostgreSQL (DATABASE_URL) pg_dump/pg_restore carry the database. A backup is refused
 * while an API owns the data directory.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { engines } from './support/engines';
import { testConfig } from './support/app';
import { createUser } from './support/users';

const ROOT = path.resolve(__dirname, '../..');

function script(args: string[], env: Record<string, string>, viaNpm = false) {
  const res = viaNpm
    ? spawnSync('npm', ['run', '--silent', args[0], '--', ...args.slice(1)], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, encoding: 'utf8' })
    : spawnSync(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), ...args], { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

async function withApp<T>(config: Config, run: (url: string, app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  // No database handed in: the app opens (and closes) the configured one, as the server does.
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await run(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app);
  } finally {
    await app.close();
  }
}

async function adminQuery(sql: string) {
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe.each(engines())('backup and restore on %s', (engine) => {
  const dbName = `test_${crypto.randomBytes(6).toString('hex')}`;
  let config: Config;
  let backupDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      await adminQuery(`CREATE DATABASE ${dbName}`);
      const u = new URL(process.env.DATABASE_URL as string);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
    config = testConfig({ databaseUrl });
    backupDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'api-backup-')), 'copia');
    env = { DATA_DIR: config.dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  });
  afterAll(async () => {
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
    if (engine === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  test('every listing and photo survives backup, wipe and restore', async () => {
    const photo = (c: string) => sharp({ create: { width: 300, height: 200, channels: 3, background: c } }).jpeg().toBuffer();
    const photos = await Promise.all(['#aa0000', '#00aa00', '#0000aa'].map(photo));
    const { auth, before } = await withApp(config, async (url, app) => {
      const user = await createUser(app, { email: 'copia@example.com' });
      for (let i = 0; i < 3; i++) {
        const fd = new FormData();
        const fields = { title: `Casa ${i}`, price: '100000', description: 'Bonita.', name: 'Ana', apellido: 'Gil', movil: '8095550000', email: 'a@example.com', address: 'Calle 1', latitude: '18.47', longitude: '-69.9' };
        for (const [k, v] of Object.entries(fields)) fd.append(k, v);
        for (const p of photos.slice(0, i + 1)) fd.append('images', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), 'p.jpg');
        expect((await fetch(`${url}/anuncio`, { method: 'POST', body: fd, headers: user.auth })).status).toBe(201);
      }
      const mine = await (await fetch(`${url}/misAnuncios`, { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' }, body: '{}' })).json();
      return { auth: user.auth, before: mine.listaDeTodos as { _id: string; image_urls: string[] }[] };
    });
    expect(before).toHaveLength(3);
    const photoFiles = fs.readdirSync(path.join(config.dataDir, 'photos')).sort();
    expect(photoFiles).toHaveLength(12); // 1 + 2 + 3 photos, two renditions each

    // An API owning the data directory (this live process's pid) stops the backup.
    fs.writeFileSync(path.join(config.dataDir, 'api.pid'), String(process.pid));
    const refused = script(['backup', backupDir], env);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('la API está en marcha');
    expect(fs.existsSync(backupDir)).toBe(false);
    // A pid file left by a crash (no such process) does not.
    fs.writeFileSync(path.join(config.dataDir, 'api.pid'), '999999999');

    // A write interrupted by a crash leaves a temporary: it is not a photo and is not copied.
    fs.writeFileSync(path.join(config.dataDir, 'photos', '.tmp-0123456789abcdef'), 'half a photo');

    const made = script(['backup', backupDir], env, true);
    expect(made).toMatchObject({ status: 0 });
    expect(made.output).toContain('12 fotos');
    expect(fs.readdirSync(path.join(backupDir, 'photos')).sort()).toEqual(photoFiles);

    // Wipe: the photos (one stranger left in their place), and the database.
    fs.rmSync(path.join(config.dataDir, 'photos'), { recursive: true });
    fs.mkdirSync(path.join(config.dataDir, 'photos'));
    fs.writeFileSync(path.join(config.dataDir, 'photos', 'ajena.webp'), 'not from the backup');
    if (engine === 'pglite') fs.rmSync(path.join(config.dataDir, 'pglite'), { recursive: true });
    else {
      await adminQuery(`DROP DATABASE ${dbName} WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE ${dbName}`);
    }

    const restored = script(['restore', backupDir], env, true);
    expect(restored.output).toContain('restaurado');
    expect(restored.status).toBe(0);
    // Exactly the saved photos; what was in place is kept aside, not mixed in.
    expect(fs.readdirSync(path.join(config.dataDir, 'photos')).sort()).toEqual(photoFiles);
    const aside = fs.readdirSync(config.dataDir).find((n) => n.startsWith('pre-restore-'));
    expect(aside && fs.readdirSync(path.join(config.dataDir, aside, 'photos'))).toEqual(['ajena.webp']);

    await withApp(config, async (url) => {
      const mine = await (await fetch(`${url}/misAnuncios`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' })).json();
      expect(mine.listaDeTodos).toEqual(before);
      for (const listing of before) {
        expect((await fetch(`${url}/anuncio/${listing._id}`)).status).toBe(200);
        for (const u of listing.image_urls) {
          const res = await fetch(`${url}/photos/${u.slice(u.lastIndexOf('/') + 1)}`);
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toBe('image/webp');
        }
      }
    });
  });
});
