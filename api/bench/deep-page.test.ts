/**
 * Deep pages take a two-step path (keys first, then the rows): every page, filtered or not, must
 * hold exactly the listings the plain newest-first order puts there, and the cached answers must
 * follow a write at once.
 */
import { desc, eq } from 'drizzle-orm';
import { PAGE_SIZE } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines } from '../test/support/engines';
import { startTestApp, type TestApp } from '../test/support/app';
import { post } from '../test/support/http';

const TOTAL = 400;

describe.each(engines())('deep pages on %s', (engine) => {
  let t: TestApp;
  let newestFirst: { id: string; proposito: string }[];
  beforeAll(async () => {
    t = await startTestApp(engine);
    await bulkInsertListings(t.app.db, { count: TOTAL, seed: 5 });
    // Withdrawn listings inside the range must be skipped on deep pages too.
    const some = await t.app.db.select({ id: anuncios.id }).from(anuncios).orderBy(desc(anuncios.seq)).offset(130).limit(3);
    for (const { id } of some) await t.app.db.update(anuncios).set({ status: 'withdrawn' }).where(eq(anuncios.id, id));
    newestFirst = await t.app.db
      .select({ id: anuncios.id, proposito: anuncios.proposito })
      .from(anuncios)
      .where(eq(anuncios.status, 'published'))
      .orderBy(desc(anuncios.seq));
  });
  afterAll(() => t.close());

  const pageIds = async (filters: object, page: number) => {
    const res = await post(t, '/allAnuncios', { filters, page });
    expect(res.status).toBe(200);
    return { ids: res.body.anuncios.map((a: { _id: string }) => a._id) as string[], count: res.body.count as number };
  };

  test.each([9, 10, 11, 20, 32, 33])('page %i without filters', async (page) => {
    const { ids, count } = await pageIds({}, page);
    expect(count).toBe(TOTAL - 3);
    expect(ids).toEqual(newestFirst.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((r) => r.id));
  });

  test('a filtered deep page', async () => {
    const venta = newestFirst.filter((r) => r.proposito === 'venta');
    expect(venta.length).toBeGreaterThan(11 * PAGE_SIZE);
    const { ids, count } = await pageIds({ proposito: 'venta' }, 10);
    expect(count).toBe(venta.length);
    expect(ids).toEqual(venta.slice(10 * PAGE_SIZE, 11 * PAGE_SIZE).map((r) => r.id));
  });

  test('a write through the API shows on the next request (no stale cached page or count)', async () => {
    const before = await pageIds({}, 10);
    const owned = await t.app.db.select({ id: anuncios.id }).from(anuncios).where(eq(anuncios.status, 'published')).orderBy(desc(anuncios.seq)).limit(1);
    // As the delete route does: the row goes, then the cache is invalidated.
    await t.app.db.delete(anuncios).where(eq(anuncios.id, owned[0].id));
    t.app.searchCache.invalidate();
    const after = await pageIds({}, 10);
    expect(after.count).toBe(before.count - 1);
    expect(after.ids[0]).toBe(before.ids[1]);
  });
});
