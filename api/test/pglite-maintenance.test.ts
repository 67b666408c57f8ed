/**
 * PGlite has no autovacuum (api/src/db/maintenance.ts): the server's periodic VACUUM ANALYZE must
 * leave the search table with statistics (reltuples) and all-visible pages (relallvisible, what
 * index-only scans need), on either engine.
 */
import { sql } from 'drizzle-orm';
import { vacuumSearchTables } from '../src/db/maintenance';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';

describe.each(engines())('search table maintenance on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await bulkInsertListings(t.app.db, { count: 3000, seed: 4 });
    // 3,000 listings through the search trigger and its map cells: over a minute under CI's two lanes
  }, 180_000);
  afterAll(() => t.close());

  const stats = async () => {
    const result = await t.app.db.execute(sql`SELECT reltuples::int AS tuples, relallvisible::int AS visible FROM pg_class WHERE relname = 'anuncio_search'`);
    return (result as unknown as { rows: { tuples: number; visible: number }[] }).rows[0];
  };

  test('VACUUM ANALYZE gives the search table statistics and all-visible pages', async () => {
    expect((await stats()).visible).toBe(0);
    await vacuumSearchTables(t.app);
    const after = await stats();
    const counted = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM anuncio_search`);
    expect(after.tuples).toBe((counted as unknown as { rows: { n: number }[] }).rows[0].n);
    expect(after.visible).toBeGreaterThan(0);
  });
});
