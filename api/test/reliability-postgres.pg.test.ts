/**
 * A lost database (issue 12, item 15), PostgreSQL only: the embedded PGlite lives in the process
 * and cannot be unreachable, so jest runs this file only with DATABASE_URL (jest.config.js).
 * The app reaches its database through a TCP relay the test controls. With the relay refusing,
 * swallowing connections, or the backends terminated (pg_terminate_backend), requests answer 503
 * within seconds, and recover by themselves.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { Client } from 'pg';
import { MSG } from 'shared-contracts';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { testConfig } from './support/app';
import { requirePostgres } from './support/engines';

/** A TCP relay to PostgreSQL: 'up' forwards, 'refuse' is a closed port, 'blackhole' accepts and never answers. */
async function startRelay(target: { host: string; port: number }) {
  let mode: 'up' | 'blackhole' = 'up';
  const sockets = new Set<net.Socket>();
  const onConnection = (client: net.Socket) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => (sockets.delete(upstream), client.destroy()));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  };
  let server = net.createServer(onConnection);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async set(next: 'up' | 'refuse' | 'blackhole') {
      if (next === 'refuse') {
        await new Promise<void>((r) => {
          server.close(() => r());
          for (const s of sockets) s.destroy();
        });
        return;
      }
      mode = next;
      if (!server.listening) {
        server = net.createServer(onConnection);
        await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('PostgreSQL unreachable', () => {
  const adminUrl = requirePostgres();
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let close: () => Promise<void>;
  let url = '';

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const direct = new URL(adminUrl);
    relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaRelay = new URL(adminUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    viaRelay.pathname = `/${name}`;
    const database = await openPostgres(viaRelay.toString(), 5);
    const config = testConfig();
    const app = await buildApp(config, { logger: false, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    close = async () => {
      await app.close();
      await database.close();
      await relay.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  });
  afterAll(() => close());

  /** A database call each time (a fresh search filter, so the search cache cannot answer). */
  async function call(): Promise<{ status: number; body: unknown; ms: number; retryAfter: string | null }> {
    const started = Date.now();
    const res = await fetch(`${url}/allAnuncios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filters: { place: crypto.randomUUID() }, page: 0 }) });
    return { status: res.status, body: await res.json(), ms: Date.now() - started, retryAfter: res.headers.get('retry-after') };
  }
  async function recovers() {
    const deadline = Date.now() + 10_000;
    let last = await call();
    while (last.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      last = await call();
    }
    expect(last.status).toBe(200);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  }

  test('refused connections: 503 at once, then back to normal by itself', async () => {
    expect((await call()).status).toBe(200);
    await relay.set('refuse');
    for (let i = 0; i < 3; i++) {
      const res = await call();
      expect(res).toMatchObject({ status: 503, body: { error: MSG.serverError }, retryAfter: '5' });
      expect(res.ms).toBeLessThan(2_000);
    }
    expect((await fetch(`${url}/health`)).status).toBe(503);
    await relay.set('up');
    await recovers();
  });

  test('a database that swallows connections: 503 within the connect timeout, not a hang', async () => {
    await relay.set('refuse');
    // Empties the pool of its connections, so the next call must open a new one.
    expect((await call()).status).toBe(503);
    await relay.set('blackhole');
    const res = await call();
    expect(res).toMatchObject({ status: 503, body: { error: MSG.serverError } });
    // The pool's connect timeout (3 s) answers, not a hang.
    expect(res.ms).toBeGreaterThanOrEqual(2_500);
    expect(res.ms).toBeLessThan(6_000);
    await relay.set('up');
    await recovers();
  }, 20_000);

  test('backends terminated by the server (pg_terminate_backend): 503 or a retry, never 500, then recovery', async () => {
    expect((await call()).status).toBe(200);
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    await admin.end();
    const res = await call();
    expect([200, 503]).toContain(res.status);
    await recovers();
  });
});
