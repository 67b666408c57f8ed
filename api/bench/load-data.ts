/**
 * The benchmark's database: a fresh one (a temporary PGlite directory, or a new `bench_<time>`
 * database on the PostgreSQL server of DATABASE_URL) loaded with the bulk loader, vacuumed and
 * analysed as autovacuum would leave it, then closed so the server child can own it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { openPglite, openPostgres, type Database, type Engine } from '../src/db/client';
import { compactSearchCubes } from '../src/db/maintenance';
import { bulkInsertListings } from '../src/seed/bulk-insert';

/** A random published listing: its id for detail requests, its values for realistic filters. */
export interface SampleRow {
  id: string;
  region: string;
  place: string;
  locality: string;
  proposito: string;
  propiedad: string;
}

export interface BenchDatabase {
  engine: Engine;
  /** Where the data lives (database name or directory), printed so --reuse can find it. */
  location: string;
  /** Environment for the server child (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  rows: number;
  loadSeconds: number | null;
  sample: SampleRow[];
  cleanup(): Promise<void>;
}

export interface PrepareOptions {
  count: number;
  databaseUrl?: string;
  /** An existing bench database name (PostgreSQL) or directory (PGlite) to use as it is. */
  reuse?: string;
  /** Name of the new database (PostgreSQL) instead of bench_<time>; it must not exist yet. */
  name?: string;
  keep: boolean;
  log(line: string): void;
}

async function adminQuery(adminUrl: string, text: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function load(database: Database, opts: PrepareOptions): Promise<number> {
  const started = performance.now();
  let lastLog = started;
  await bulkInsertListings(database.db, {
    count: opts.count,
    seed: 20261122,
    onProgress: (n) => {
      const now = performance.now();
      if (now - lastLog > 5000 || n === opts.count) {
        lastLog = now;
        opts.log(`  ${n} filas (${Math.round(n / ((now - started) / 1000))} filas/s)`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  // Statistics and the visibility map, as autovacuum leaves a table some minutes after a load.
  await database.db.execute(sql`VACUUM ANALYZE anuncios`);
  await database.db.execute(sql`VACUUM ANALYZE anuncio_search`);
  await database.db.execute(sql`VACUUM ANALYZE search_facets`);
  // The cubes as a portal that grew one listing at a time has them (compact), not as a load of
  // 10,000 listings a transaction leaves them (maintenance.ts).
  await compactSearchCubes(database.db);
  return seconds;
}

/** node-postgres and PGlite both answer `{ rows }`; drizzle types it per driver. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function describe(database: Database): Promise<{ rows: number; sample: SampleRow[] }> {
  const counted = await database.db.execute(sql`SELECT count(*)::int AS n FROM anuncios WHERE status = 'published'`);
  const picked = await database.db.execute(sql`
    SELECT id, region, place, locality, proposito, propiedad FROM anuncios TABLESAMPLE SYSTEM (1) REPEATABLE (42)
    WHERE status = 'published' LIMIT 2000`);
  const rows = Number(rowsOf<{ n: number }>(counted)[0].n);
  let sample = rowsOf<SampleRow>(picked);
  if (sample.length < 100) {
    // Small tables: a 1 % block sample may hold nothing.
    const all = await database.db.execute(sql`
      SELECT id, region, place, locality, proposito, propiedad FROM anuncios
      WHERE status = 'published' ORDER BY random() LIMIT 2000`);
    sample = rowsOf<SampleRow>(all);
  }
  return { rows, sample };
}

export async function prepareDatabase(opts: PrepareOptions): Promise<BenchDatabase> {
  if (opts.databaseUrl) {
    const name = opts.reuse ?? opts.name ?? `bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`nombre de base no válido: ${name}`);
    const url = new URL(opts.databaseUrl);
    url.pathname = `/${name}`;
    if (!opts.reuse) await adminQuery(opts.databaseUrl, `CREATE DATABASE ${name}`);
    const drop = () => adminQuery(opts.databaseUrl as string, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    try {
      const database = await openPostgres(url.toString(), 2, 0);
      try {
        // A reused database gets the migrations (new indexes) added since it was loaded.
        await database.migrate();
        if (!opts.reuse) opts.log(`Cargando ${opts.count} anuncios en PostgreSQL (${name})…`);
        const loadSeconds = opts.reuse ? null : await load(database, opts);
        return {
          engine: 'postgres',
          location: name,
          env: { DATABASE_URL: url.toString() },
          loadSeconds,
          ...(await describe(database)),
          cleanup: () => (opts.keep || opts.reuse ? Promise.resolve() : drop()),
        };
      } finally {
        await database.close();
      }
    } catch (err) {
      if (!opts.reuse && !opts.keep) await drop().catch(() => undefined);
      throw err;
    }
  }

  const dir = opts.reuse ? path.resolve(opts.reuse) : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const database = await openPglite(path.join(dir, 'pglite'));
    try {
      await database.migrate();
      if (!opts.reuse) opts.log(`Cargando ${opts.count} anuncios en PGlite (${dir})…`);
      const loadSeconds = opts.reuse ? null : await load(database, opts);
      return {
        engine: 'pglite',
        location: dir,
        env: { DATA_DIR: dir },
        loadSeconds,
        ...(await describe(database)),
        cleanup: () => (opts.keep || opts.reuse ? Promise.resolve() : remove()),
      };
    } finally {
      await database.close();
    }
  } catch (err) {
    if (!opts.reuse && !opts.keep) await remove();
    throw err;
  }
}
