/**
 * Search on a larger catalogue (issue 18): counts exact when small and estimated within 2 % (and
 * flagged) when large, paging an estimated result still reaches its last listing, far pages read
 * from the oldest end hold what newest-first order puts there, and a write invalidates only the
 * searches it changes. Every expected figure comes from SQL on `anuncios` itself, so the
 * trigger-kept search table is checked too.
 */
import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type Filters } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { SEARCHES_UNLIMITED } from './support/limits';
import { del, post, request } from './support/http';
import { LISTING_FIELDS } from './support/listing-fields';
import { whereOnAnuncios } from './support/search-sql';
import { createUser } from './support/users';
import { AREA_BANDS, PRICE_BANDS, areaBand, priceBand } from '../src/search/cube';

const TOTAL = 30_000;

describe.each(engines())('search at scale on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Estimates from 1,000 matches on (instead of 5,000 and a full count up to 100,000), so a
    // 30,000-row table shows them; the sample size (10,000 matches) is the production one.
    t = await startTestApp(engine, {}, { countLimits: { exactLimit: 1000, exactUpTo: 0 }, rateLimits: SEARCHES_UNLIMITED });
    // 250 rows a statement: the trigger keeps the search table, facets and count cube row by row,
    // and a 1,000-row statement could pass the app's 5 s statement timeout on a loaded machine.
    await bulkInsertListings(t.app.db, { count: TOTAL, seed: 18, batchSize: 250, batchesPerTransaction: 40 });
  }, 300_000);
  afterAll(() => t.close());

  const search = async (filters: Filters, page = 0) => {
    const res = await post(t, '/allAnuncios', { filters, page });
    expect(res.status).toBe(200);
    return res.body as { anuncios: { _id: string }[]; count: number; countEstimated: boolean; placeOptions: string[] };
  };
  const published = eq(anuncios.status, 'published');
  const where = whereOnAnuncios;
  const exactCount = async (f: Filters) => Number((await t.app.db.select({ n: count() }).from(anuncios).where(where(f)))[0].n);

  // An area and a price bound together: neither count cube can answer these, so they are sampled
  // (the cubes' own estimates are checked below).
  const LARGE: Filters[] = [
    { proposito: 'venta', metrosMin: 0, precioMin: 0 },
    { habitaciones: 1, metrosMin: 0, precioMin: 0 },
    { precioMax: 20_000_000, metrosMin: 0 },
    { proposito: 'venta', habitaciones: 2, metrosMin: 0, precioMin: 0 },
  ];

  test('large results the cube cannot count: estimated within 2 % and flagged; small ones and the home page exact', async () => {
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

  test("a large result's first pages, counted by a cube, are its newest listings", async () => {
    const newest = async (f: Filters, page: number) =>
      (await t.app.db.select({ id: anuncios.id }).from(anuncios).where(where(f)).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE).offset(page * PAGE_SIZE)).map((r) => r.id);
    // Counted by a cube (one location at most, a price or no range), each over exactLimit (1,000).
    const cases: [Filters, number][] = [
      [{ proposito: 'venta' }, 0],
      [{ propiedad: 'Apartamento', precioMax: 20_000_000 }, 1],
      [{ moneda: 'US', precioMin: 50_000 }, 3],
      [{ proposito: 'venta', habitaciones: 2 }, 0],
    ];
    for (const [filters, page] of cases) {
      expect(await exactCount(filters)).toBeGreaterThan(1000);
      const res = await search(filters, page);
      expect({ filters, page, ids: res.anuncios.map((a) => a._id) }).toEqual({ filters, page, ids: await newest(filters, page) });
    }
  });

  test('paging an estimated result reaches its last listing (the last pages carry the exact count)', async () => {
    const filters: Filters = { proposito: 'venta', metrosMin: 0, precioMin: 0 };
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
    const key = `${JSON.stringify(Object.entries(filters))}~recientes`;
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

  test('pages of a mid-size exact result (found among the newest entries first) hold what newest-first order puts there', async () => {
    const regions = await t.app.db.select({ region: anuncios.region, n: count() }).from(anuncios).where(published).groupBy(anuncios.region);
    // Exact (≤ exactLimit 1000 here) and at least 500: the bounded walk over the newest 4,000 entries runs first.
    const mid = regions.find((r) => r.n >= 500 && r.n <= 1000);
    expect(mid).toBeDefined();
    const filters: Filters = { region: mid!.region };
    for (const page of [0, 1, 5, Math.ceil(mid!.n / PAGE_SIZE) - 1]) {
      const expected = await t.app.db.select({ id: anuncios.id }).from(anuncios).where(where(filters)).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE).offset(page * PAGE_SIZE);
      const res = await search(filters, page);
      expect(res).toMatchObject({ count: mid!.n, countEstimated: false });
      expect(res.anuncios.map((a) => a._id)).toEqual(expected.map((r) => r.id));
    }
  });

  test('price and area bands: the SQL functions and the JavaScript agree at and around every bound', async () => {
    const bandsInSql = async (fn: 'search_price_band' | 'search_area_band', values: number[]) => {
      const result = await t.app.db.execute(sql`SELECT ${sql.raw(fn)}(x) AS band FROM unnest(${sql.param(values)}::float8[]) WITH ORDINALITY AS u(x, i) ORDER BY i`);
      return (result as unknown as { rows: { band: number }[] }).rows.map((r) => Number(r.band));
    };
    const prices = [0, 1, 99.5, ...PRICE_BANDS.flatMap((b) => [b - 0.5, b, b + 0.5]), 1e12];
    expect(await bandsInSql('search_price_band', prices)).toEqual(prices.map(priceBand));
    const areas = [0, 1, 9.5, ...AREA_BANDS.flatMap((b) => [b - 0.5, b, b + 0.5]), 1e9];
    expect(await bandsInSql('search_area_band', areas)).toEqual(areas.map(areaBand));
    // A listing without an area is in no band an area filter covers.
    const none = await t.app.db.execute(sql`SELECT search_area_band(NULL) AS band`);
    expect(Number((none as unknown as { rows: { band: number }[] }).rows[0].band)).toBe(-1);
  });

  test('a large result whose edge band is too wide for the interpolation guarantee is estimated from a sample of that band, within 2 %', async () => {
    // A populated RD$ price band low enough that most listings are above it, cut in its middle: the
    // interpolation's worst case (half the band) is above 2 % of the rest, so only the band's
    // sample can flag an estimate.
    const result = await t.app.db.execute(sql`
      WITH bands AS (SELECT band_rd AS band, sum(n)::int AS n FROM search_cube WHERE kind = 'all' GROUP BY 1),
           ranked AS (SELECT band, n, (SELECT sum(b.n) FROM bands b WHERE b.band > a.band)::int AS above FROM bands a)
      SELECT band, n FROM ranked
      WHERE band BETWEEN 1 AND ${PRICE_BANDS.length - 1} AND above >= 0.7 * ${TOTAL} AND 0.5 * n > 0.02 * (above + n)
      ORDER BY n DESC LIMIT 1`);
    const [{ band, n }] = (result as unknown as { rows: { band: number; n: number }[] }).rows.map((r) => ({ band: Number(r.band), n: Number(r.n) }));
    const filters: Filters = { precioMin: Math.round((PRICE_BANDS[band - 1] + PRICE_BANDS[band]) / 2) + 1 };
    const exact = await exactCount(filters);
    expect(0.5 * n).toBeGreaterThan(0.02 * exact);
    const res = await search(filters);
    expect(res).toMatchObject({ countEstimated: true });
    expect(Math.abs(res.count - exact) / exact).toBeLessThanOrEqual(0.02);
    // Its last page by the estimate still carries the exact count.
    expect(await search(filters, Math.ceil(res.count / PAGE_SIZE) - 1)).toMatchObject({ count: exact, countEstimated: false });
  });

  test('the count cube follows every write (inserts, edits, deletes, estados, moderation hold): aligned counts equal count(*) on anuncios, partial ones within 2 %', async () => {
    const [r] = await t.app.db.select().from(anuncios).where(sql`anuncio_searchable(anuncios) AND locality <> ''`).limit(1);
    const ALIGNED: Filters[] = [
      { region: r.region },
      { place: r.place, proposito: 'venta' },
      { locality: r.locality, propiedad: r.propiedad as Filters['propiedad'] },
      { region: r.region, habitaciones: 2, moneda: 'RD' },
      { habitaciones: 6 },
      { propiedad: 'Apartamento', precioMin: 1_000_000, precioMax: 5_000_000 },
      { moneda: 'US', precioMin: 100_000, precioMax: 300_000 },
      { proposito: 'alquiler', precioMax: 50_000 },
      // The area cube: bounds on its bands.
      { metrosMin: 100 },
      { region: r.region, proposito: 'venta', metrosMin: 60, metrosMax: 250 },
    ];
    const PARTIAL: Filters[] = [
      { precioMin: 12_345 },
      { precioMax: 456_789_012 },
      { precioMin: 23_456, precioMax: 345_678_901 },
      { proposito: 'venta', precioMin: 1_234_567 },
      { precioMin: 987_654, precioMax: 12_345_678 },
      { region: r.region, precioMin: 1_111_111, precioMax: 33_333_333 },
      { moneda: 'US', precioMin: 123_456 },
      { propiedad: 'Casa', habitaciones: 3, precioMax: 7_654_321 },
      { metrosMin: 123 },
      { proposito: 'venta', metrosMin: 77, metrosMax: 4_321 },
      { region: r.region, metrosMin: 97 },
    ];
    // Both cubes' cells recomputed from anuncios with the one searchability rule: none may differ.
    const cubeDiffers = async () => {
      const differing = async (recomputed: SQL, kept: SQL) => {
        const result = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM ((${recomputed} EXCEPT ${kept}) UNION ALL (${kept} EXCEPT ${recomputed})) d`);
        return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
      };
      const cells = (bands: string, groups: string) => sql`
        SELECT f.kind, f.loc, a.proposito, a.propiedad, search_rooms(a.habitaciones) AS rooms, a.moneda, ${sql.raw(bands)}, count(*)::int AS n
        FROM anuncios a
        CROSS JOIN LATERAL (VALUES ('all', ''), ('region', a.region), ('place', a.place), ('locality', a.locality)) AS f(kind, loc)
        WHERE anuncio_searchable(a) AND (f.loc <> '' OR f.kind = 'all')
        GROUP BY ${sql.raw(groups)}`;
      const price = await differing(
        cells('search_price_band(a.price_rd) AS band_rd, search_price_band(a.price) AS band_own', '1, 2, 3, 4, 5, 6, 7, 8'),
        sql`SELECT kind, loc, proposito, propiedad, rooms, moneda, band_rd, band_own, n FROM search_cube WHERE n <> 0`,
      );
      const area = await differing(
        cells('search_area_band(a.metros) AS band_area', '1, 2, 3, 4, 5, 6, 7'),
        sql`SELECT kind, loc, proposito, propiedad, rooms, moneda, band_area, n FROM search_cube_area WHERE n <> 0`,
      );
      return price + area;
    };
    let estimated = 0;
    const check = async () => {
      t.app.searchCache.invalidate();
      expect(await cubeDiffers()).toBe(0);
      for (const filters of ALIGNED) {
        expect({ filters, ...(await search(filters)) }).toMatchObject({ filters, count: await exactCount(filters), countEstimated: false });
      }
      for (const filters of PARTIAL) {
        const exact = await exactCount(filters);
        const res = await search(filters);
        if (res.countEstimated) estimated += 1;
        else expect({ filters, count: res.count }).toEqual({ filters, count: exact });
        expect(Math.abs(res.count - exact) / exact).toBeLessThanOrEqual(0.02);
      }
    };
    await check();
    expect(estimated).toBeGreaterThanOrEqual(3);

    const bySeq = (mod: number, rest: number) => sql`${anuncios.seq} % ${mod} = ${rest}`;
    await bulkInsertListings(t.app.db, { count: 500, seed: 77, batchSize: 250 });
    await t.app.db.update(anuncios).set({ price: sql`${anuncios.price} * 1.37`, priceRd: sql`${anuncios.priceRd} * 1.37` }).where(bySeq(89, 1));
    await t.app.db.update(anuncios).set({ region: r.region, place: r.place, locality: r.locality }).where(bySeq(89, 2));
    await t.app.db.update(anuncios).set({ habitaciones: 7 }).where(bySeq(89, 3));
    await t.app.db.update(anuncios).set({ habitaciones: null, moneda: 'US' }).where(bySeq(89, 4));
    await t.app.db.update(anuncios).set({ metros: null }).where(bySeq(89, 10));
    await t.app.db.update(anuncios).set({ metros: sql`${anuncios.metros} * 3.1` }).where(bySeq(89, 11));
    await t.app.db.delete(anuncios).where(bySeq(89, 5));
    await t.app.db.update(anuncios).set({ estado: 'pausado' }).where(bySeq(89, 6));
    await t.app.db.update(anuncios).set({ bloqueado: true }).where(bySeq(89, 7));
    await t.app.db.update(anuncios).set({ estado: 'en revisión' }).where(bySeq(89, 8));
    await t.app.db.update(anuncios).set({ status: 'withdrawn' }).where(bySeq(89, 9));
    await check();
    // Back into search: a resumed listing, an unblocked owner, a hold lifted.
    await t.app.db.update(anuncios).set({ estado: 'activo' }).where(bySeq(178, 6));
    await t.app.db.update(anuncios).set({ bloqueado: false }).where(bySeq(178, 7));
    await t.app.db.update(anuncios).set({ estado: 'activo' }).where(bySeq(178, 8));
    await check();

    // Paging an estimate from the cube still reaches the last listing: the pager's last page is exact.
    const filters = PARTIAL.find((f) => f.precioMin === 23_456) as Filters;
    const first = await search(filters);
    expect(first.countEstimated).toBe(true);
    const last = await search(filters, Math.ceil(first.count / PAGE_SIZE) - 1);
    expect(last).toMatchObject({ count: await exactCount(filters), countEstimated: false });
  }, 300_000);
});
