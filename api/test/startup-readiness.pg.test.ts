/**
 * Issue 45: the real API process answers the probes while it starts. While another instance holds
 * the migrations lock (a release step's `db:migrate`, a sibling starting), /livez is 200 and
 * /readyz 503 "migrating"; once the lock is free the app starts and /readyz is 200 on the same port.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ADVISORY_LOCKS } from '../src/db/client';
import { requirePostgres } from './support/engines';
import { ROOT, SERVER_SECRET } from './support/server-process';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function probe(url: string): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(url);
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('while migrations wait for another holder of the lock the process is live but not ready', async () => {
  const adminUrl = requirePostgres();
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const holder = new Client({ connectionString: url.toString() });
  await holder.connect();
  await holder.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-startup-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, API_PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: url.toString(), JWT_SECRET: SERVER_SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise((resolve) => child.once('close', resolve));
  try {
    // 'starting' first (the app's plugins load), then 'migrating' for as long as the lock is held
    const ready = await until('readyz while migrating', () => probe(`${base}/readyz`), (v) => v !== null && v.status === 503 && (v.body as { status?: string }).status !== 'starting');
    expect(ready).toEqual({ status: 503, body: { status: 'migrating' } });
    expect(await probe(`${base}/livez`)).toEqual({ status: 200, body: { status: 'ok' } });
    const other = await fetch(`${base}/allAnuncios`, { method: 'POST', headers: { 'x-request-id': 'probe-1' } });
    expect(other.status).toBe(503);
    expect(other.headers.get('x-request-id')).toBe('probe-1');
    await holder.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
    const after = await until('readyz after the lock', () => probe(`${base}/readyz`), (v) => v?.status === 200);
    expect(after).toEqual({ status: 200, body: { status: 'ready', engine: 'postgres' } });
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${output}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
    await holder.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
