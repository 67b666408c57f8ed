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
    await app.db.execute(sql`VACUUM ANALYZE anuncios`);
  });
}

/** PGlite only; stops with the app. */
export function startPgliteMaintenance(app: FastifyInstance): void {
  if (app.database.engine !== 'pglite') return;
  const run = () => vacuumSearchTables(app).catch((err: Error) => app.log.warn({ err: { message: err.message } }, 'mantenimiento de PGlite omitido'));
  void run();
  const timer = setInterval(run, MAINTENANCE_EVERY_MS);
  timer.unref();
  app.server.once('close', () => clearInterval(timer));
}
