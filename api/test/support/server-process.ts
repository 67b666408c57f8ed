/**
 * The real API process (`node --import tsx api/src/server.ts`) on a persisted PGlite, for the
 * crash/shutdown suites and the shutdown loop (`npm run test:shutdown-loop`): start it on a free
 * port, publish with photos over HTTP, and read what it printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import sharp from 'sharp';
import { openPglite } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { LISTING_FIELDS } from './listing-fields';

export const ROOT = path.resolve(__dirname, '../../..');
export const SERVER_SECRET = 'crash-test-secret-0123456789abcdef0123456789';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** The exit code ('close', so the last lines are read first); null when killed by a signal. */
  exited: Promise<number | null>;
  output(): string;
}

export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      API_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JWT_SECRET: SERVER_SECRET,
      PUBLIC_API_URL: 'http://api.test',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 45_000;
  for (;;) {
    const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (m) return { child, url: m[1], exited, output: () => output };
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A confirmed user with room for many listings, made before the server owns the database. */
export async function seedPublisher(dataDir: string): Promise<string> {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({ email: 'crash@example.com', name: 'Ana', apellido: 'Gil', passwordHash: 'x', confirmed: true, miPlan: 1000 })
    .returning();
  await database.close();
  return jwt.sign({ sub: user.id, tv: 0, exp: Math.floor(Date.now() / 1000) + 3600 }, SERVER_SECRET, { algorithm: 'HS256' });
}

/** Three noisy 1600×1200 JPEGs: enough work that a publish is still running a moment later. */
export function noisyPhotos(): Promise<Buffer[]> {
  return Promise.all(
    [0, 1, 2].map((i) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + i * 20, sigma: 40 } } })
        .jpeg()
        .toBuffer(),
    ),
  );
}

/** The HTTP status of a publish, 0 when no answer came. */
export function publish(url: string, token: string, photos: Buffer[]): Promise<number> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(LISTING_FIELDS)) fd.append(k, v);
  photos.forEach((p, i) => fd.append('images', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `${i}.jpg`));
  return fetch(`${url}/anuncio`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } }).then(
    (res) => res.status,
    () => 0,
  );
}

/**
 * SIGTERM 150 ms into a publish: the publish's status, the exit code, how long the process took to
 * exit after the signal, and its output. Like a browser, the client also holds a connection it
 * opened ahead of need and never used: the one that used to hold the close open (item 8).
 */
export async function sigtermDuringPublish(server: ServerProcess, token: string, photos: Buffer[]) {
  const { port, hostname } = new URL(server.url);
  const spare = net.connect(Number(port), hostname);
  spare.on('error', () => undefined);
  const inFlight = publish(server.url, token, photos);
  await new Promise((r) => setTimeout(r, 150));
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  const status = await inFlight;
  const code = await server.exited;
  spare.destroy();
  return { status, code, exitMs: Date.now() - signalled, output: server.output() };
}

/** SIGTERM, then what the process answers during the grace, and when it exits. */
export async function sigtermAndProbe(url: string, child: { kill(signal: NodeJS.Signals): boolean }, exited: Promise<number | null>, servedPath: string) {
  let exitedAt = 0;
  const exit = exited.then((code) => {
    exitedAt = Date.now();
    return code;
  });
  const signalled = Date.now();
  child.kill('SIGTERM');
  // the signal is handled within a few milliseconds; poll until it has been (well inside the grace)
  let readyz: Response;
  let readyzBody: { status?: string };
  do {
    readyz = await fetch(`${url}/readyz`);
    readyzBody = (await readyz.json()) as { status?: string };
  } while (readyzBody.status !== 'closing' && Date.now() - signalled < 1000);
  const served = await fetch(`${url}${servedPath}`);
  const servedAt = Date.now() - signalled;
  await served.arrayBuffer();
  return { readyz: readyz.status, readyzBody, served: served.status, connection: served.headers.get('connection'), servedAt, code: await exit, exitMs: exitedAt - signalled };
}
