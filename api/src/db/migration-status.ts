/**
 * How many of the migrations in api/drizzle/ a database has not applied (issue 45): an instance
 * started with MIGRATE_ON_START=false refuses to start on a schema older than its code, with the
 * release step to run, rather than failing request by request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from './client';

export function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export async function pendingMigrations(db: Db): Promise<number> {
  const exists = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`)) as unknown as { rows: { ok: boolean }[] };
  if (!exists.rows[0]?.ok) return knownMigrations();
  const applied = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  return Math.max(0, knownMigrations() - Number(applied.rows[0]?.n ?? 0));
}
