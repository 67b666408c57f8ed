/**
 * Issue 45's release steps: SEED_DEMO off by default in production, METRICS_TOKEN and
 * MIGRATE_ON_START parsed at start, `npm run db:migrate` applying the migrations (and saying so),
 * and an instance started with MIGRATE_ON_START=false refusing a database the release step has
 * not migrated.
 */
import { execFile, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ConfigError, loadConfig } from '../src/config';
import { buildApp } from '../src/app';
import { openPglite } from '../src/db/client';
import { pendingMigrations } from '../src/db/migration-status';
import { engines } from './support/engines';
import { testConfig } from './support/app';

const ROOT = path.resolve(__dirname, '../..');

describe('release-step configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-release-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', PUBLIC_SITE_URL: 'https://inmueblesrd.do' };

  test('SEED_DEMO: on by default, off by default with NODE_ENV=production, explicit values win', () => {
    expect(loadConfig({}, dir).seedDemo).toBe(true);
    expect(loadConfig(production, dir).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }, dir).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }, dir).seedDemo).toBe(false);
  });

  test('MIGRATE_ON_START defaults to true; METRICS_TOKEN must be long enough', () => {
    expect(loadConfig({}, dir).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }, dir).migrateOnStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: 'luego' }, dir)).toThrow(/MIGRATE_ON_START/);
    expect(() => loadConfig({ METRICS_TOKEN: 'corto' }, dir)).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'corto' }, dir)).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(24) }, dir).metricsToken).toBe('x'.repeat(24));
  });
});

/** A fresh, empty database of `engine`: its env for the CLI, and a way to open and drop it. */
async function emptyDatabase(engine: string, dataDir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (engine === 'pglite') return { env: { DATA_DIR: dataDir }, drop: async () => undefined };
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const migrate = (env: Record<string, string>) =>
  spawnSync('npm', ['run', '--silent', 'db:migrate'], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, encoding: 'utf8', timeout: 120_000 });

describe.each(engines())('npm run db:migrate on %s', (engine) => {
  test('an instance with MIGRATE_ON_START=false refuses an unmigrated database; the release step migrates it, once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migrate-'));
    const db = await emptyDatabase(engine, dataDir);
    try {
      const config = testConfig({ dataDir, databaseUrl: db.env.DATABASE_URL, migrateOnStart: false });
      await expect(buildApp(config, { logger: false })).rejects.toThrow(/npm run db:migrate/);

      const first = migrate(db.env);
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/migraciones aplicadas: [1-9]\d*/);
      const again = migrate(db.env);
      expect(again.status).toBe(0);
      expect(again.stdout).toMatch(/migraciones aplicadas: 0 /);

      const app = await buildApp(config, { logger: false });
      await app.ready();
      expect(await pendingMigrations(app.db)).toBe(0);
      await app.close();
    } finally {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test('db:migrate refuses an embedded data directory an API holds', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migrate-held-'));
  const { lockDataDir } = await import('../src/db/data-dir-lock');
  const lock = await lockDataDir(dataDir, 'api');
  try {
    // asynchronously: the lock answers through this process's event loop, which spawnSync would block
    const res = await new Promise<{ status: number; stderr: string }>((resolve) => {
      execFile('npm', ['run', '--silent', 'db:migrate'], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir }, encoding: 'utf8' }, (err, _stdout, stderr) =>
        resolve({ status: err ? Number(err.code ?? 1) : 0, stderr }),
      );
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/✗/);
  } finally {
    await lock.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // the database of a data directory nobody holds opens fine afterwards
  const database = await openPglite(null);
  await database.close();
});
