/**
 * The embedded PGlite has no autovacuum: without VACUUM the visibility map stays empty, so the
 * search's index-only scans read every heap page too, and without ANALYZE the planner works from
 * the statistics of an empty table (a cold search on 100,000 listings went from p50 77 ms to
 * 15 ms after one VACUUM ANALYZE). The server runs it at start and every 10 minutes, through the
 * search queue so it waits its turn like a search. PostgreSQL's autovacuum does this by itself.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export const MAINTENANCE_EVERY_MS = 10 * 60_000;

export async function vacuumSearchTables(app: FastifyInstance): Promise<void> {
  await app.searchQueue.run(async () => {
    await app.db.execute(sql`VACUUM ANALYZE anuncio_search`);
    await app.db.execute(sql`VACUUM ANALYZE search_facets`);
    await app.db.execute(sql`VACUUM ANALYZE search_cube`);
    await app.db.execute(sql`VACUUM ANALYZE search_cube_area`);
    await app.db.execute(sql`VACUUM ANALYZE anuncios`);
  });
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
