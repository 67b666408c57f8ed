/**
 * The search's statements are built once per shape and run with each search's values
 * (search-statements.ts). What a user and an operator depend on: a statement built for one search
 * answers another of the same shape with that search's own listings, never the first one's; and
 * a column added by a migration while the API runs (a rolling deploy) does not break the
 * statements already built.
 */
import { desc, inArray, sql } from 'drizzle-orm';
import { PAGE_SIZE, type Filters } from 'shared-contracts';
import { searchCount } from '../src/search/count';
import { COUNT_LIMITS } from '../src/search/limits';
import { NEWEST } from '../src/search/orders';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { post } from './support/http';
import { whereOnAnuncios } from './support/search-sql';

describe.each(engines())('search statements built once per shape on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await bulkInsertListings(t.app.db, { count: 3_000, seed: 7, batchSize: 250 });
  }, 120_000);
  afterAll(() => t.close());

  const search = async (filters: Filters, page = 0) => {
    const res = await post(t, '/allAnuncios', { filters, page });
    expect(res.status).toBe(200);
    return res.body as { anuncios: { _id: string }[]; count: number; countEstimated: boolean };
  };
  // The same search written on `anuncios`: the ids of a page, newest first, and the count.
  const expected = async (f: Filters, page = 0) => {
    const where = whereOnAnuncios(f);
    const ids = await t.app.db.select({ id: anuncios.id }).from(anuncios).where(where).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE).offset(page * PAGE_SIZE);
    const [{ n }] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(anuncios).where(where);
    return { ids: ids.map((r) => r.id), count: n };
  };

  const regions = async () =>
    (await t.app.db.selectDistinct({ region: anuncios.region }).from(anuncios).orderBy(anuncios.region)).map((r) => r.region);

  test('one shape, many values: each search gets its own count and its own listings', async () => {
    const [first, second, third] = await regions();
    // Same filters present (region, proposito, rooms, both prices), every value different: the
    // count cube's statement, its edge bands' and the page's are built by the first and reused.
    const searches: Filters[] = [
      { region: first, proposito: 'venta', habitaciones: 2, precioMin: 1_500_000, precioMax: 9_000_000 },
      { region: second, proposito: 'alquiler', habitaciones: 1, precioMin: 20_000, precioMax: 120_000 },
      { region: third, proposito: 'venta', habitaciones: 3, precioMin: 3_000_000, precioMax: 40_000_000 },
      { region: first, proposito: 'alquiler', habitaciones: 0, precioMin: 0, precioMax: 80_000 },
    ];
    const counts = new Set<number>();
    for (const filters of searches) {
      const { count } = await expected(filters);
      const lastPage = Math.max(0, Math.ceil(count / PAGE_SIZE) - 1);
      for (const asked of [0, 1]) {
        // A page past the end answers the last page (issue 19).
        const want = await expected(filters, Math.min(asked, lastPage));
        const got = await search(filters, asked);
        expect({ count: got.count, estimated: got.countEstimated, ids: got.anuncios.map((a) => a._id) }).toEqual({ count: want.count, estimated: false, ids: want.ids });
      }
      counts.add(count);
    }
    // The searches really differ (a statement answering with the first one's values would fail above).
    expect(counts.size).toBeGreaterThanOrEqual(3);
  });

  test("a small result's count and page read in one statement are its exact count and its page", async () => {
    const [first, second] = await regions();
    // Sparse as on a large portal (a walk over the newest listings would not find the page):
    // counted with the page. Through the count cube (price bounds inside bands, so edge bands are
    // counted) and without it (an area and a price bound together).
    const searchable = 1_000_000;
    const small: Filters[] = [
      { region: first, proposito: 'venta', precioMin: 1_234_567, precioMax: 29_876_543 },
      { region: second, habitaciones: 1, precioMax: 17_654_321 },
      { region: first, metrosMin: 40, precioMax: 22_345_678 },
    ];
    for (const filters of small) {
      const want = await expected(filters);
      expect(want.count).toBeGreaterThan(PAGE_SIZE);
      for (const page of [0, 1, Math.ceil(want.count / PAGE_SIZE) + 2]) {
        const got = await searchCount(t.app.db, filters, COUNT_LIMITS, { offset: page * PAGE_SIZE, order: NEWEST, searchable });
        const ids = (await expected(filters, page)).ids;
        const byId = new Map((await t.app.db.select({ id: anuncios.id, seq: anuncios.seq }).from(anuncios).where(inArray(anuncios.id, ids.length ? ids : [crypto.randomUUID()]))).map((r) => [r.seq, r.id]));
        expect({ count: got.count, estimated: got.estimated, offset: got.page?.offset, ids: got.page?.rows.map((r) => byId.get(r.seq)) }).toEqual({
          count: want.count,
          estimated: false,
          offset: page * PAGE_SIZE,
          ids,
        });
      }
    }
    // Above the exact limit the matches read are only the first `cap`: no page comes back, and the
    // count is not taken for an exact one.
    const large = await searchCount(t.app.db, { region: first }, { ...COUNT_LIMITS, exactLimit: 20, cube: false }, { offset: 0, order: NEWEST, searchable });
    expect(large.page).toBeUndefined();
    expect(large.count).toBeGreaterThan(20);
  });

  test('a column added while the API runs (rolling migration) leaves the built search statements working', async () => {
    const [region] = await regions();
    const filters: Filters = { region, proposito: 'venta', precioMax: 12_000_000 };
    const before = await search(filters);
    expect(before.count).toBe((await expected(filters)).count);
    await t.app.db.execute(sql`ALTER TABLE anuncios ADD COLUMN rolling_test integer`);
    await t.app.db.execute(sql`ALTER TABLE anuncio_search ADD COLUMN rolling_test integer`);
    try {
      // Other values, same shape: not answered from the cache, run on the statements built before.
      const other: Filters = { ...filters, precioMax: 11_000_000 };
      const want = await expected(other, 0);
      const got = await search(other);
      expect({ count: got.count, ids: got.anuncios.map((a) => a._id) }).toEqual({ count: want.count, ids: want.ids });
    } finally {
      await t.app.db.execute(sql`ALTER TABLE anuncio_search DROP COLUMN rolling_test`);
      await t.app.db.execute(sql`ALTER TABLE anuncios DROP COLUMN rolling_test`);
    }
  });
});
