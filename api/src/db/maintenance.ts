/**
 * The embedded PGlite has no autovacuum: without VACUUM the visibility map stays empty, so the
 * search's index-only scans read every heap page too, and without ANALYZE the planner works from
 * the statistics of an empty table (a cold search on 100,000 listings went from p50 77 ms to
 * 15 ms after one VACUUM ANALYZE). The server runs it at start and every 10 minutes, through the
 * search queue so it waits its turn like a search. PostgreSQL's autovacuum does this by itself.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SEARCH_TABLES, type Db } from './client';

export const MAINTENANCE_EVERY_MS = 10 * 60_000;

export async function vacuumSearchTables(app: FastifyInstance): Promise<void> {
  await app.searchQueue.run(async () => {
    for (const table of [...SEARCH_TABLES, 'anuncios']) await app.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  });
}

/**
 * The count cubes rewritten in key order, with compact indexes, after a bulk load (the bulk
 * loader, the benchmark's load). A cell's count is part of every cube index (INCLUDE n, so counts
 * are index-only scans), so each change of a count is a new version of the cell in every index,
 * not an update in place; a load of thousands of listings per transaction changes the same cells
 * thousands of times before VACUUM can remove the old versions, and their pages stay half empty.
 * At 1M listings loaded 10,000 per transaction: cube indexes of 134 MB instead of 25 MB, and the
 * cube's share of a cold search twice as long (decision 0005, session 11). CLUSTER takes the
 * cubes' exclusive lock for a few seconds (5 s at 1M): for loads, not for a live portal, where a
 * write changes a few cells a transaction and autovacuum cleans up after it (docs/deployment.md).
 */
export async function compactSearchCubes(db: Db): Promise<void> {
  await db.execute(sql`CLUSTER search_cube USING search_cube_kind_loc_proposito_propiedad_rooms_moneda_band_rd_b`);
  await db.execute(sql`CLUSTER search_cube_area USING search_cube_area_kind_loc_proposito_propiedad_rooms_moneda_band`);
  // The rewritten tables' visibility map, for index-only scans, and their statistics.
  await db.execute(sql`VACUUM ANALYZE search_cube`);
  await db.execute(sql`VACUUM ANALYZE search_cube_area`);
}

/**
 * PGlite only; stops with the app. `stop()` also waits for a VACUUM in progress: the server awaits
 * it before the database closes (closing PGlite under a running statement is the race of issue 19,
 * item 8).
 */
export function startPgliteMaintenance(app: FastifyInstance): { stop(): Promise<void> } {
  if (app.database.engine !== 'pglite') return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= vacuumSearchTables(app)
      .catch((err: Error) => app.log.warn({ err: { message: err.message } }, 'mantenimiento de PGlite omitido'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, MAINTENANCE_EVERY_MS);
  timer.unref();
  app.server.once('close', () => clearInterval(timer));
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
