/**
 * Opens the one database the API uses: PGlite persisted under DATA_DIR when DATABASE_URL is unset,
 * PostgreSQL through a `pg` Pool otherwise. Both are driven by the same drizzle schema and the same
 * migrations (api/drizzle/), applied with each engine's own migrator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Client, Pool, type PoolClient } from 'pg';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /** Applies pending migrations; on PostgreSQL under an advisory lock, so N instances starting together migrate once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` only while holding the advisory lock `key` (PostgreSQL; PGlite is one process, so
   * there it just runs). Resolves to null without running when another process holds the lock.
   */
  whileLocked<T>(key: AdvisoryLock, work: () => Promise<T>): Promise<T | null>;
  /** PostgreSQL: calls `onMessage` for each NOTIFY on `channel` (one dedicated connection). */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite on its thread: milliseconds the thread has had work (issue 45's metrics). */
  threadBusyMs?(): number;
}

/** Advisory lock keys (any bigint; these spell the purpose so they show in pg_locks). */
export const ADVISORY_LOCKS = { migrations: 1_801_001, feeds: 1_801_002, expiry: 1_801_003, alerts: 1_801_004, seed: 1_801_005 } as const;
export type AdvisoryLock = (typeof ADVISORY_LOCKS)[keyof typeof ADVISORY_LOCKS];

/** PostgreSQL aborts a statement after this long (ms): a saturated database answers 503, never hangs. */
export const STATEMENT_TIMEOUT_MS = 5_000;

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle');

/** The tables searches read by index-only scans: vacuumed after a migration (and by maintenance.ts on PGlite). */
export const SEARCH_TABLES = ['anuncio_search', 'search_facets', 'search_cube', 'search_cube_area'] as const;

/**
 * Runs `migrate`, then VACUUMs the search tables if it applied a migration to an existing database.
 * A migration that rewrites a search table (0014 rewrote anuncio_search) leaves its visibility map
 * empty, and until a VACUUM every index-only scan of a search reads the table too, and the planner
 * prefers bitmap scans (cold searches at 1M: p95 69 → 127 ms). VACUUM cannot run in the
 * migrations' transaction, and PostgreSQL's autovacuum does not count a rewrite as changes.
 */
async function vacuumedAfter(query: (text: string) => Promise<{ rows: { n: number }[] }>, migrate: () => Promise<void>): Promise<void> {
  const applied = async () => {
    const { rows } = await query(`SELECT CASE WHEN to_regclass('drizzle.__drizzle_migrations') IS NULL THEN 0 ELSE 1 END AS n`);
    if (!rows[0]?.n) return 0;
    return Number((await query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0]?.n ?? 0);
  };
  const before = await applied();
  await migrate();
  if (before > 0 && (await applied()) > before) {
    for (const table of SEARCH_TABLES) await query(`VACUUM (ANALYZE) ${table}`);
  }
}

/**
 * `dataDir` null = in memory (tests). PGlite runs on a worker thread of its own (pglite-thread.ts),
 * or with `thread: false` on the calling thread. `from`: an in-memory database starts as a copy of
 * this data directory tarball (PGlite's `dumpDataDir`), not empty: the tests' migrated template
 * (api/test/support/engines.ts), which starts in a fifth of the time initdb and the migrations take.
 */
export async function openPglite(dataDir: string | null, opts: { thread?: boolean; from?: string } = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const thread = opts.thread === false ? null : new PgliteThread(dataDir, opts.from);
  const loadDataDir = () => new Blob([fs.readFileSync(opts.from as string)]);
  const client = thread ? thread.asPglite() : dataDir ? new PGlite(dataDir) : opts.from ? new PGlite({ loadDataDir: loadDataDir() }) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    migrate: () =>
      vacuumedAfter(
        async (text) => (await db.execute(sql.raw(text))) as unknown as { rows: { n: number }[] },
        () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ),
    whileLocked: (_key, work) => work(),
    // One process: the caller's in-process invalidation is all there is to reach.
    listen: async () => async () => undefined,
    notify: async () => undefined,
    close: () => client.close(),
    ...(thread ? { threadBusyMs: () => thread.busyMs } : {}),
  };
}

/** `statementTimeoutMs` 0 = none (bulk loads, VACUUM in the benchmark's loader). */
export async function openPostgres(url: string, poolSize = 10, statementTimeoutMs = STATEMENT_TIMEOUT_MS): Promise<Database> {
  // A database that accepts no connection fails the request within seconds instead of hanging it.
  // No parallel workers: under concurrent requests they only take CPU from the other requests.
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3_000,
    statement_timeout: statementTimeoutMs,
    options: '-c max_parallel_workers_per_gather=0',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  const listeners: (() => Promise<void>)[] = [];

  /** Session advisory locks belong to one connection: take one from the pool for the duration. */
  async function withLock<T>(key: AdvisoryLock, wait: boolean, work: (client: PoolClient) => Promise<T>): Promise<T | null> {
    const client = await pool.connect();
    try {
      if (wait) {
        // Migrations on a large table may outlast the statement timeout.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [key]);
      } else {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
        if (!rows[0]?.ok) return null;
      }
      try {
        return await work(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    } finally {
      await client.query(`SET statement_timeout = ${statementTimeoutMs}`).catch(() => undefined);
      client.release();
    }
  }

  return {
    db: db as unknown as Db,
    engine: 'postgres',
    migrate: async () => {
      await withLock(ADVISORY_LOCKS.migrations, true, (client) =>
        vacuumedAfter(
          (text) => client.query<{ n: number }>(text),
          () => migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
        ),
      );
    },
    whileLocked: (key, work) => withLock(key, false, () => work()),
    async listen(channel, onMessage) {
      let current: Client | null = null;
      let stopped = false;
      const connect = async () => {
        const client = new Client({ connectionString: url });
        client.on('error', () => undefined);
        client.on('notification', (m) => {
          if (m.channel === channel) onMessage(m.payload ?? '');
        });
        client.once('end', () => {
          if (!stopped) setTimeout(() => void reconnect(), 1_000).unref();
        });
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        current = client;
      };
      // Messages sent while disconnected are lost: an empty payload tells the caller so.
      const reconnect = async () => {
        if (stopped) return;
        try {
          await connect();
          onMessage('');
        } catch {
          setTimeout(() => void reconnect(), 1_000).unref();
        }
      };
      await connect();
      const stop = async () => {
        stopped = true;
        await current?.end().catch(() => undefined);
      };
      listeners.push(stop);
      return stop;
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await Promise.all(listeners.map((stop) => stop()));
      await pool.end();
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'pglite'));
}
