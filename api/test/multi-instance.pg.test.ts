/**
 * Several API instances on one PostgreSQL (issue 18, docs/deployment.md): two real server
 * processes (`node --import tsx api/src/server.ts`) started together on a new, empty database
 * migrate it once; a publish on A shows at once in a search on B whose cache held the old answer
 * (PostgreSQL NOTIFY); a login rate limit is counted across A and B (shared counters).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { hashPassword } from '../src/accounts/passwords';
import { RATE_LIMITS } from '../src/plugins/rate-limit-policy';
import { requirePostgres } from './support/engines';
import { LISTING_FIELDS } from './support/listing-fields';

const ROOT = path.resolve(__dirname, '../..');
const SECRET = 'multi-instance-secret-0123456789abcdef0123';
const JOURNAL = JSON.parse(fs.readFileSync(path.join(ROOT, 'api/drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] };

interface Server {
  child: ChildProcess;
  url: string;
  output(): string;
}

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, API_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: 'false', JWT_SECRET: SECRET, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (m) return { child, url: m[1], output: () => output };
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(server: Server | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

const json = async (url: string, route: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};

// PostgreSQL only (instances share a PostgreSQL; PGlite is one process): jest runs this file only with DATABASE_URL.
describe('two API instances on one PostgreSQL', () => {
  const adminUrl = requirePostgres();
  const name = `test_multi_${crypto.randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'api-multi-')));
  let a: Server;
  let b: Server;
  let db: Client;

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    // Both at once on the empty database: the migrations' advisory lock lets one apply them.
    [a, b] = await Promise.all(dataDirs.map((dir) => startServer(url.toString(), dir)));
    db = new Client({ connectionString: url.toString() });
    await db.connect();
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await db?.end();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('starting together, they migrate once', async () => {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(JOURNAL.entries.length);
    expect(`${a.output()}${b.output()}`).not.toMatch(/already exists|duplicate key/);
    for (const server of [a, b]) expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  test('a publish on A is visible at once in a search on B that had the old answer cached', async () => {
    const email = `pub-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await db.query('INSERT INTO users (email, password_hash, name, apellido, confirmed) VALUES ($1, $2, $3, $4, true)', [email, await hashPassword('Secreta1!'), 'Ana', 'Pérez']);
    const login = await json(a.url, '/api/user/login', { email, password: 'Secreta1!' });
    expect(login.status).toBe(200);

    const filters = { place: 'Pueblo Compartido' };
    const before = await json(b.url, '/allAnuncios', { filters, page: 0 });
    expect(before.body.count).toBe(0);

    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...LISTING_FIELDS, place: 'Pueblo Compartido' })) fd.append(k, v);
    const published = await fetch(`${a.url}/anuncio`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${login.body.token}` } });
    expect(published.status).toBe(201);
    const { _id } = (await published.json()) as { _id: string };

    const after = await json(b.url, '/allAnuncios', { filters, page: 0 });
    expect(after.body.count).toBe(1);
    expect(after.body.anuncios[0]._id).toBe(_id);
    expect(after.body.placeOptions).toContain('Pueblo Compartido');
  });

  test('login attempts are counted across A and B', async () => {
    const email = `nadie-${crypto.randomBytes(4).toString('hex')}@example.com`;
    // One client failing on one account (issue 19: failures per account and client).
    const max = RATE_LIMITS.login.emailIp.max;
    for (let i = 0; i < max; i++) {
      const res = await json(i % 2 ? b.url : a.url, '/api/user/login', { email, password: 'Equivocada1!' });
      expect(res.status).toBe(401);
    }
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Equivocada1!' }) });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
