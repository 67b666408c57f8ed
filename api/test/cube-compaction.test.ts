/**
 * After a bulk load the count cubes are compacted (db/maintenance.ts `compactSearchCubes`): what an
 * operator depends on is that every cell keeps its count, and that the cubes' indexes, grown by a
 * load that changes the same cells thousands of times in one transaction, are small again, so a
 * search's count reads few pages.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { compactSearchCubes } from '../src/db/maintenance';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines, openTestDatabase, type TestDatabase } from './support/engines';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] };

const cells = async (db: Db) => {
  const price = await rows<Record<string, unknown>>(db, sql`SELECT kind, loc, proposito, propiedad, rooms, moneda, band_rd, band_own, n FROM search_cube ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`);
  const area = await rows<Record<string, unknown>>(db, sql`SELECT kind, loc, proposito, propiedad, rooms, moneda, band_area, n FROM search_cube_area ORDER BY 1, 2, 3, 4, 5, 6, 7`);
  return { price: price.rows, area: area.rows };
};

/** Bytes of the cubes' indexes (their primary keys and the price cube's band indexes). */
const indexBytes = async (db: Db) => {
  const { rows: found } = await rows<{ bytes: number }>(
    db,
    sql`SELECT sum(pg_relation_size(indexrelid))::float8 AS bytes FROM pg_index WHERE indrelid IN ('search_cube'::regclass, 'search_cube_area'::regclass)`,
  );
  return Number(found[0].bytes);
};

describe.each(engines())('count cubes compacted after a bulk load on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(engine);
  });
  afterAll(() => t.drop());

  it('keeps every cell and shrinks the cubes’ indexes', async () => {
    const { db } = t.database;
    // One transaction of 4,000 listings: the load whose repeated cell changes bloat the indexes.
    await bulkInsertListings(db, { count: 4_000, seed: 11, batchSize: 1_000, batchesPerTransaction: 4 });
    const before = await cells(db);
    const bloated = await indexBytes(db);
    expect(before.price.length).toBeGreaterThan(1_000);

    await compactSearchCubes(db);

    expect(await cells(db)).toEqual(before);
    const compact = await indexBytes(db);
    expect(compact).toBeLessThan(bloated * 0.7);
    // Stored in key order again (CLUSTER), so a later plain CLUSTER of either cube knows its index.
    const { rows: clustered } = await rows<{ relname: string }>(
      db,
      sql`SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid WHERE i.indisclustered AND c.relname IN ('search_cube', 'search_cube_area') ORDER BY 1`,
    );
    expect(clustered.map((r) => r.relname)).toEqual(['search_cube', 'search_cube_area']);
  }, 120_000);
});
