/**
 * The databases every API suite runs on: PGlite (in memory) always, and PostgreSQL when
 * DATABASE_URL is set. Each PostgreSQL test file gets its own fresh database, dropped afterwards.
 */
import crypto from 'node:crypto';
import { Client } from 'pg';
import { openPglite, openPostgres, type Database, type Engine } from '../../src/db/client';

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

/** `migrate: false` leaves the database empty (a suite that applies migrations itself). */
export async function openTestDatabase(engine: Engine, { migrate = true } = {}): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openPglite(null);
    if (migrate) await database.migrate();
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
