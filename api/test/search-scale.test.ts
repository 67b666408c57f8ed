/**
 * Search on a larger catalogue (issue 18): counts exact when small and estimated within 2 % (and
 * flagged) when large, paging an estimated result still reaches its last listing, far pages read
 * from the oldest end hold what newest-first order puts there, and a write invalidates only the
 * searches it changes. Every expected figure comes from SQL on `anuncios` itself, so the
 * trigger-kept search table is checked too.
 */
import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import { PAGE_SIZE, type Filters } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { del, post, request } from './support/http';
import { LISTING_FIELDS } from './support/listing-fields';
import { createUser } from './support/users';

const TOTAL = 30_000;

describe.each(engines())('search at scale on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Estimates from 1,000 matches on (instead of 5,000 and a full count up to 100,000), so a
    // 30,000-row table shows them; the sample size (10,000 matches) is the production one.
    t = await startTestApp(engine, {}, { countLimits: { exactLimit: 1000, exactUpTo: 0 } });
    await bulkInsertListings(t.app.db, { count: TOTAL, seed: 18 });
  }, 120_000);
  afterAll(() => t.close());

  const search = async (filters: Filters, page = 0) => {
    const res = await post(t, '/allAnuncios', { filters, page });
    expect(res.status).toBe(200);
    return res.body as { anuncios: { _id: string }[]; count: number; countEstimated: boolean; placeOptions: string[] };
  };
  const published = eq(anuncios.status, 'published');
  const where = (f: Filters) =>
    and(
      published,
      f.proposito ? eq(anuncios.proposito, f.proposito) : undefined,
      f.habitaciones !== undefined ? gte(anuncios.habitaciones, f.habitaciones) : undefined,
      f.precioMax !== undefined ? lte(anuncios.priceRd, f.precioMax) : undefined,
      f.place ? eq(anuncios.place, f.place) : undefined,
    );
  const exactCount = async (f: Filters) => Number((await t.app.db.select({ n: count() }).from(anuncios).where(where(f)))[0].n);

  const LARGE: Filters[] = [{ proposito: 'venta' }, { habitaciones: 1 }, { precioMax: 20_000_000 }, { proposito: 'venta', habitaciones: 2 }];

  test('large results: estimated within 2 % and flagged; small ones and the home page exact', async () => {
    let estimated = 0;
    for (const filters of LARGE) {
      const exact = await exactCount(filters);
      const res = await search(filters);
      if (res.countEstimated) estimated += 1;
      expect(Math.abs(res.count - exact) / exact).toBeLessThanOrEqual(0.02);
    }
    expect(estimated).toBeGreaterThanOrEqual(3);

    const home = await search({});
    expect(home).toMatchObject({ count: TOTAL, countEstimated: false });
    const [{ place }] = await t.app.db.select({ place: anuncios.place }).from(anuncios).where(published).limit(1);
    const small: Filters = { place, proposito: 'alquiler', habitaciones: 3 };
    expect((await exactCount(small)) <= 1000).toBe(true);
    expect(await search(small)).toMatchObject({ count: await exactCount(small), countEstimated: false });
  });

  test('paging an estimated result reaches its last listing (the last pages carry the exact count)', async () => {
    const filters: Filters = { proposito: 'venta' };
    const first = await search(filters);
    expect(first.countEstimated).toBe(true);
    const exact = await exactCount(filters);
    // The pager's last page by the estimate answers with the exact count.
    const byEstimate = await search(filters, Math.ceil(first.count / PAGE_SIZE) - 1);
    expect(byEstimate).toMatchObject({ count: exact, countEstimated: false });
    const lastPage = Math.ceil(exact / PAGE_SIZE) - 1;
    const last = await search(filters, lastPage);
    const oldest = await t.app.db.select({ id: anuncios.id }).from(anuncios).where(where(filters)).orderBy(asc(anuncios.seq)).limit(exact - lastPage * PAGE_SIZE);
    expect(last.anuncios.map((a) => a._id)).toEqual(oldest.map((r) => r.id).reverse());
    expect((await search(filters, lastPage + 1)).anuncios).toEqual([]);
  });

  test('a far page (read from the oldest end) holds what newest-first order puts there', async () => {
    const page = Math.floor(TOTAL / PAGE_SIZE) - 7;
    const expected = await t.app.db.select({ id: anuncios.id }).from(anuncios).where(published).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE).offset(page * PAGE_SIZE);
    expect((await search({}, page)).anuncios.map((a) => a._id)).toEqual(expected.map((r) => r.id));
  });

  test('deep pages started from cached anchors hold what newest-first order puts there', async () => {
    const filters: Filters = { habitaciones: 1 };
    const exact = await exactCount(filters);
    expect(exact).toBeGreaterThan(20_000);
    // The first deep request starts loading the anchors in the background.
    await search(filters, Math.ceil(exact / PAGE_SIZE) - 1);
    const key = JSON.stringify(Object.entries(filters));
    for (let i = 0; i < 100 && !t.app.searchCache.anchors(filters, key, () => new Promise(() => undefined)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(t.app.searchCache.anchors(filters, key, () => new Promise(() => undefined))?.length).toBe(Math.ceil(exact / 1000));
    for (const page of [100, 999, 1000, 1001, Math.floor(exact / PAGE_SIZE) - 2]) {
      const expected = await t.app.db.select({ id: anuncios.id }).from(anuncios).where(where(filters)).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE).offset(page * PAGE_SIZE);
      expect((await search(filters, page)).anuncios.map((a) => a._id)).toEqual(expected.map((r) => r.id));
    }
  });

  test('a publish shows at once in the searches it matches; unrelated cached searches stay cached; options follow', async () => {
    const { auth } = await createUser(t.app);
    const matching: Filters = { place: 'Villa Prueba', proposito: 'venta' };
    const unrelated: Filters = { place: 'Otro Pueblo' };
    expect(await search(matching)).toMatchObject({ count: 0 });
    expect(await search(unrelated)).toMatchObject({ count: 0 });
    expect((await search({})).placeOptions).not.toContain('Villa Prueba');

    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...LISTING_FIELDS, place: 'Villa Prueba', region: 'Región Prueba' })) fd.append(k, v);
    const published = await request(t, 'POST', '/anuncio', { raw: fd, headers: auth });
    expect(published.status).toBe(201);
    // A row written behind the API's back: only a search that was invalidated would see it.
    await bulkInsertListings(t.app.db, { count: 1, seed: 99 });
    const [hidden] = await t.app.db.select().from(anuncios).orderBy(desc(anuncios.seq)).limit(1);
    await t.app.db.update(anuncios).set({ place: 'Otro Pueblo', status: 'published' }).where(eq(anuncios.id, hidden.id));

    const after = await search(matching);
    expect(after.count).toBe(1);
    expect(after.anuncios[0]._id).toBe(published.body._id);
    expect((await search({})).placeOptions).toContain('Villa Prueba');
    expect(await search(unrelated)).toMatchObject({ count: 0 });

    expect((await del(t, `/${published.body._id}`, auth)).status).toBe(200);
    expect(await search(matching)).toMatchObject({ count: 0, anuncios: [] });
    expect((await search({})).placeOptions).not.toContain('Villa Prueba');
    t.app.searchCache.invalidate();
    expect(await search(unrelated)).toMatchObject({ count: 1 });
  });
});
