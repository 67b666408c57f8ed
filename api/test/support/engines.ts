/**
 * The databases every API suite runs on: PGlite (in memory) always, and PostgreSQL when
 * DATABASE_URL is set. Each PostgreSQL test file gets its own fresh database, dropped afterwards.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database, type Engine } from '../../src/db/client';

export function engines(): Engine[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The PostgreSQL URL of a `*.pg.test.ts` suite (PostgreSQL only). jest runs such files only with
 * DATABASE_URL (jest.config.js) and `npm test` names them as skipped otherwise; run by hand
 * without it, the suite fails with this message instead of passing with nothing tested.
 */
export function requirePostgres(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('This suite needs PostgreSQL: set DATABASE_URL=postgres://…');
  return url;
}

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * A migrated PGlite data directory as a tarball, made once per version of the migrations (and of
 * PGlite) and kept in the temporary directory: every suite's database starts as a copy of it.
 * Starting PGlite runs initdb (about 1.8 s on the 2-core CI machine), then the migrations take
 * 0.4 s more; a copy of the migrated directory starts in about 0.5 s, and the API suites open
 * a fresh database more than a hundred times per run (docs/decisions/0031-ci-time.md). The
 * migrations themselves are still tested from an empty database (`migrate: false`, migrations.ts).
 */
async function migratedTemplate(): Promise<string> {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const file = path.join(os.tmpdir(), 'inmueblesrd-test-templates', `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;
  const client = new PGlite();
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const tarball = await client.dumpDataDir('none');
  await client.close();
  // Written aside, then renamed: two jest workers making it at once each leave a whole file.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

/** `migrate: false` leaves the database empty (a suite that applies migrations itself). */
export async function openTestDatabase(engine: Engine, { migrate = true } = {}): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = migrate ? await openPglite(null, { from: await migratedTemplate() }) : await openPglite(null);
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // More connections than the quota race sends, so the race really runs in parallel.
  const database = await openPostgres(url.toString(), 25);
  if (migrate) await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
