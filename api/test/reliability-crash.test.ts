/**
 * Crashes (issue 12, item 14), on the real server process (`node --import tsx api/src/server.ts`,
 * persisted PGlite in a temporary DATA_DIR): SIGKILL in the middle of concurrent publishes with
 * photos, then a restart on the same directory, leaves no listing without its photos and no photo
 * file that no listing references; a SIGTERM lets an in-flight publish finish before the exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import sharp from 'sharp';
import { openPglite } from '../src/db/client';
import { users } from '../src/db/schema';
import { isValidPhotoKey } from '../src/photos';
import { cardKeyOf } from '../src/photos/store-photos';
import { LISTING_FIELDS } from './support/listing-fields';

const ROOT = path.resolve(__dirname, '../..');
const SECRET = 'crash-test-secret-0123456789abcdef0123456789';

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output(): string;
}

async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, API_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', JWT_SECRET: SECRET, PUBLIC_API_URL: 'http://api.test', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // 'close', not 'exit': the process's last lines (why it stopped) are read before we look at them
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 45_000;
  for (;;) {
    const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (m) return { child, url: m[1], exited, output: () => output };
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function publish(url: string, token: string, photos: Buffer[]): Promise<number> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(LISTING_FIELDS)) fd.append(k, v);
  photos.forEach((p, i) => fd.append('images', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `${i}.jpg`));
  return fetch(`${url}/anuncio`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } }).then(
    (res) => res.status,
    () => 0,
  );
}

/** Every listing of the user with its photos on disk (both renditions), and no unreferenced photo. */
async function checkConsistency(url: string, token: string, photosDir: string) {
  const res = await fetch(`${url}/misAnuncios`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  const { listaDeTodos } = (await res.json()) as { listaDeTodos: { image_urls: string[] }[] };
  const onDisk = new Set(fs.existsSync(photosDir) ? fs.readdirSync(photosDir).filter(isValidPhotoKey) : []);
  const referenced = new Set<string>();
  for (const listing of listaDeTodos) {
    expect(listing.image_urls.length).toBe(3);
    for (const u of listing.image_urls) {
      const key = decodeURIComponent(u.slice(u.lastIndexOf('/') + 1));
      referenced.add(key).add(cardKeyOf(key));
      expect((await fetch(`${url}/photos/${key}`)).status).toBe(200);
    }
  }
  expect([...onDisk].filter((k) => !referenced.has(k))).toEqual([]);
  expect([...referenced].filter((k) => !onDisk.has(k))).toEqual([]);
  return listaDeTodos.length;
}

describe('crash and graceful stop of the server process', () => {
  let dataDir: string;
  let token: string;
  let photos: Buffer[];
  let server: Server | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-crash-'));
    // A user with room for many listings, made before the server owns the database.
    const database = await openPglite(path.join(dataDir, 'pglite'));
    await database.migrate();
    const [user] = await database.db
      .insert(users)
      .values({ email: 'crash@example.com', name: 'Ana', apellido: 'Gil', passwordHash: 'x', confirmed: true, miPlan: 1000 })
      .returning();
    await database.close();
    token = jwt.sign({ sub: user.id, tv: 0, exp: Math.floor(Date.now() / 1000) + 3600 }, SECRET, { algorithm: 'HS256' });
    photos = await Promise.all(
      [0, 1, 2].map((i) =>
        sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + i * 20, sigma: 40 } } })
          .jpeg()
          .toBuffer(),
      ),
    );
  });
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('SIGKILL mid-publish, restart: no half listing, no orphan photo', async () => {
    server = await startServer(dataDir);
    const statuses: Promise<number>[] = [];
    // Staggered publishes, so at the kill some are uploading, some processing, some committing.
    for (let i = 0; i < 10; i++) {
      statuses.push(publish(server.url, token, photos));
      await new Promise((r) => setTimeout(r, 120));
    }
    await Promise.race([statuses[0], new Promise((r) => setTimeout(r, 3000))]);
    await new Promise((r) => setTimeout(r, 250));
    server.child.kill('SIGKILL');
    await server.exited;
    const results = await Promise.all(statuses);
    // The kill really landed mid-way: some answers never came.
    expect(results.filter((s) => s === 0).length).toBeGreaterThan(0);

    server = await startServer(dataDir);
    const count = await checkConsistency(server.url, token, path.join(dataDir, 'photos'));
    // Every publish answered 201 before the kill is still there.
    expect(count).toBeGreaterThanOrEqual(results.filter((s) => s === 201).length);
  });

  test('SIGTERM during a publish: the answer arrives, then the process exits 0', async () => {
    if (!server || server.child.exitCode !== null) server = await startServer(dataDir);
    const before = await checkConsistency(server.url, token, path.join(dataDir, 'photos'));
    const inFlight = publish(server.url, token, photos);
    await new Promise((r) => setTimeout(r, 150));
    server.child.kill('SIGTERM');
    expect(await inFlight).toBe(201);
    const code = await server.exited;
    expect({ code, log: code === 0 ? '' : server.output().slice(-3000) }).toEqual({ code: 0, log: '' });

    server = await startServer(dataDir);
    expect(await checkConsistency(server.url, token, path.join(dataDir, 'photos'))).toBe(before + 1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
