/**
 * Issue 42: the orders of the results, checked against SQL written directly on `anuncios` (so the
 * search table, its indexes, the cubes, the plan's reads and the cached pages are all checked):
 * every filter alone and together in every order, first, middle, far and last pages; deep pages
 * read from anchors, across the tail of listings without an area; and, after publishes, price
 * edits and deletes through the API, the pages of every order (cached ones patched) list each
 * match exactly once.
 */
import { count, sql, type SQL } from 'drizzle-orm';
import { ORDEN_MSG, ORDENES, PAGE_SIZE, type Filters, type Orden } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { COUNT_LIMITS } from '../src/search/limits';
import { ORDERS } from '../src/search/orders';
import { pageAnchors, pageKeys, searchPage, type ReadKind } from '../src/search/page';
import { filterCodes } from '../src/search/codes';
import { slotValues } from '../src/search/filters';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { del, post } from './support/http';
import { editListing, publishListing } from './support/owner-listings';
import { whereOnAnuncios } from './support/search-sql';
import { createUser } from './support/users';

const TOTAL = 2400;

/**
 * Each order as the issue states it, written here apart from the engine's own
 * (api/src/search/orders.ts). A price is compared as the search's price filters compare it: in
 * RD$ (US$ × USD_DOP_RATE), or in the search's currency when it has one.
 */
const orderSql = (orden: Orden, f: Filters): SQL => {
  const price = sql.raw(f.moneda ? 'price' : 'price_rd');
  return {
    recientes: sql`seq DESC`,
    precio_asc: sql`${price} ASC, seq ASC`,
    precio_desc: sql`${price} DESC, seq DESC`,
    metros_desc: sql`metros DESC NULLS LAST, seq DESC`,
    precio_m2_asc: sql`(CASE WHEN metros > 0 THEN price_rd / metros END) ASC NULLS LAST, seq ASC`,
  }[orden];
};

describe.each(engines())('search orders on %s', (engine) => {
  let t: TestApp;
  let sample: typeof anuncios.$inferSelect;
  beforeAll(async () => {
    // Estimates and the far end of large results from 300 matches on, so 2,400 listings show them.
    t = await startTestApp(engine, { rateLimitScale: 100 }, { countLimits: { exactLimit: 300, exactUpTo: 0 } });
    await bulkInsertListings(t.app.db, { count: TOTAL, seed: 42, batchSize: 250 });
    const bySeq = (mod: number) => sql`${anuncios.seq} % ${mod} = 0`;
    // Listings without an area (a fifth: they come last in the area orders), of 0 m², and many
    // at one price (ties, broken by seq).
    await t.app.db.update(anuncios).set({ metros: null }).where(bySeq(5));
    await t.app.db.update(anuncios).set({ metros: 0 }).where(bySeq(17));
    await t.app.db.update(anuncios).set({ price: 1_000_000, priceRd: 1_000_000, moneda: 'RD' }).where(bySeq(13));
    await t.app.db.update(anuncios).set({ status: 'withdrawn' }).where(bySeq(29));
    [sample] = await t.app.db.select().from(anuncios).where(sql`anuncio_searchable(anuncios) AND locality <> ''`).limit(1);
  }, 300_000);
  afterAll(() => t.close());

  const search = async (filters: Filters, page: number, orden?: Orden) => {
    const res = await post(t, '/allAnuncios', orden ? { filters, page, orden } : { filters, page });
    expect(res.status).toBe(200);
    return res.body as { anuncios: { _id: string; price: number; moneda: string }[]; count: number; countEstimated: boolean };
  };
  const inOrder = async (filters: Filters, orden: Orden, offset = 0, limit = 1_000_000) =>
    (await t.app.db.select({ id: anuncios.id }).from(anuncios).where(whereOnAnuncios(filters)).orderBy(orderSql(orden, filters)).limit(limit).offset(offset)).map((r) => r.id);
  const exactCount = async (f: Filters) => Number((await t.app.db.select({ n: count() }).from(anuncios).where(whereOnAnuncios(f)))[0]!.n);

  test('without `orden` a search lists newest first, as before; an unknown order is refused with a message', async () => {
    expect((await search({}, 0)).anuncios.map((a) => a._id)).toEqual(await inOrder({}, 'recientes', 0, PAGE_SIZE));
    expect(await search({ region: sample.region }, 1)).toEqual(await search({ region: sample.region }, 1, 'recientes'));
    for (const orden of ['barato', '', 'PRECIO_ASC', 3]) {
      const res = await post(t, '/allAnuncios', { filters: {}, page: 0, orden });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(ORDEN_MSG.ordenInvalido);
    }
  });

  test('every filter, alone and together, in every order: each page is what SQL on the listings puts there', async () => {
    const filterSets: Filters[] = [
      {},
      { place: sample.place },
      { locality: sample.locality },
      { region: sample.region },
      { proposito: 'venta' },
      { propiedad: 'Apartamento' },
      { habitaciones: 2 },
      { habitaciones: 7 },
      { metrosMin: 100 },
      { metrosMax: 150 },
      { moneda: 'US' },
      { precioMin: 2_000_000 },
      { precioMax: 1_000_000 },
      { moneda: 'US', precioMin: 100_000, precioMax: 400_000 },
      { region: sample.region, proposito: 'venta', precioMin: 1_000_000 },
      { metrosMin: 50, precioMax: 10_000_000 },
      { proposito: 'alquiler', propiedad: 'Apartamento', habitaciones: 2, moneda: 'US' },
      { place: 'Ningún Lugar' },
      // Issue 42's filters (decision 0028), alone, with the cube's filters and together
      { banosMin: 2 },
      { banosMin: 4 },
      { parqueosMin: 1 },
      { parqueosMin: 3 },
      { amueblado: 'si' },
      { amueblado: 'no', proposito: 'venta' },
      { respaldo: 'inversor' },
      { respaldo: 'planta', region: sample.region },
      { ascensor: true },
      { piscina: true },
      { seguridad24h: true, propiedad: 'Apartamento' },
      { construccion: 'planos' },
      { construccion: 'construccion', entregaHasta: 2028 },
      { entregaHasta: 2027 },
      { mantenimientoMax: 8_000 },
      { mantenimientoMax: 300, moneda: 'US' },
      { proposito: 'alquiler', propiedad: 'Apartamento', amueblado: 'si', parqueosMin: 2, respaldo: 'planta', precioMax: 100_000 },
      { banosMin: 2, parqueosMin: 2, ascensor: true, piscina: true, seguridad24h: true, mantenimientoMax: 20_000, habitaciones: 2 },
    ];
    for (const filters of filterSets) {
      const total = await exactCount(filters);
      const last = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
      const pages = [...new Set([0, 1, Math.floor(last / 2), last - 1, last].filter((p) => p >= 0 && p <= last))];
      for (const orden of ORDENES) {
        const all = await inOrder(filters, orden);
        for (const page of pages) {
          const res = await search(filters, page, orden);
          const expected = all.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
          expect({ filters, orden, page, ids: res.anuncios.map((a) => a._id) }).toEqual({ filters, orden, page, ids: expected });
          if (!res.countEstimated) expect({ filters, orden, page, count: res.count }).toEqual({ filters, orden, page, count: total });
        }
        // Past the end: the last page.
        expect((await search(filters, last + 3, orden)).anuncios.map((a) => a._id)).toEqual(all.slice(last * PAGE_SIZE, (last + 1) * PAGE_SIZE));
      }
    }
  }, 600_000);

  test("a large result's page in any order is read from that order's index, from either end, without sorting the matches", async () => {
    await t.app.db.execute(sql`ANALYZE anuncio_search`);
    const planOf = async (filters: Filters, orden: Orden, kind: ReadKind) => {
      const codes = (await filterCodes(t.app.db, filters))!;
      const values: Record<string, unknown> = { ...slotValues(filters, codes), offset: 0, limit: PAGE_SIZE };
      const query = pageKeys(t.app.db, filters, ORDERS[orden], kind).toSQL();
      // EXPLAIN takes no parameters: the values written as literals (numbers only here).
      const text = query.sql.replace(/\$(\d+)/g, (_, i: string) => {
        const param = query.params[Number(i) - 1] as { name?: string } | number;
        return String(typeof param === 'object' && param?.name ? values[param.name] : param);
      });
      const result = await t.app.db.execute(sql.raw(`EXPLAIN ${text}`));
      return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    };
    const cases: [Filters, Orden, string][] = [
      [{}, 'precio_asc', 'anuncio_search_price_rd_idx'],
      [{}, 'precio_desc', 'anuncio_search_price_rd_idx'],
      [{ moneda: 'US' }, 'precio_asc', 'anuncio_search_moneda_price_idx'],
      [{}, 'metros_desc', 'anuncio_search_metros_idx'],
      [{}, 'precio_m2_asc', 'anuncio_search_price_m2_idx'],
      // Within a type, and among listings with rooms: land and farms lead the area orders otherwise.
      [{ propiedad: 'Casa' }, 'precio_desc', 'anuncio_search_propiedad_price_rd_idx'],
      [{ propiedad: 'Apartamento' }, 'metros_desc', 'anuncio_search_propiedad_metros_idx'],
      [{ propiedad: 'Apartamento' }, 'precio_m2_asc', 'anuncio_search_propiedad_price_m2_idx'],
      [{ habitaciones: 1 }, 'metros_desc', 'anuncio_search_rooms_metros_idx'],
      [{ habitaciones: 1 }, 'precio_m2_asc', 'anuncio_search_rooms_price_m2_idx'],
    ];
    for (const [filters, orden, index] of cases) {
      for (const kind of ['near', 'far'] as const) {
        const plan = await planOf(filters, orden, kind);
        expect({ orden, kind, index: plan.includes(`using ${index} on anuncio_search`), sorted: /Sort/.test(plan) }).toEqual({ orden, kind, index: true, sorted: false });
      }
    }
  });

  test('prices in RD$ and US$ are compared in one currency (US$ × USD_DOP_RATE), both ways', async () => {
    // The province with the most US$ listings: its result mixes both currencies.
    const [{ region }] = await t.app.db
      .select({ region: anuncios.region, n: count() })
      .from(anuncios)
      .where(sql`anuncio_searchable(anuncios) AND moneda = 'US'`)
      .groupBy(anuncios.region)
      .orderBy(sql`2 DESC`)
      .limit(1);
    for (const orden of ['precio_asc', 'precio_desc'] as const) {
      const first = await search({ region }, 0, orden);
      const cards = [...first.anuncios];
      for (let page = 1; page * PAGE_SIZE < first.count; page++) cards.push(...(await search({ region }, page, orden)).anuncios);
      expect(cards).toHaveLength(await exactCount({ region }));
      expect(new Set(cards.map((a) => a.moneda))).toEqual(new Set(['RD', 'US']));
      const inRd = cards.map((a) => a.price * (a.moneda === 'US' ? t.config.usdDopRate : 1));
      expect(inRd).toEqual([...inRd].sort((a, b) => (orden === 'precio_asc' ? a - b : b - a)));
    }
  });

  test('deep pages started from anchors hold what SQL puts there, in every order, across the listings without an area', async () => {
    for (const filters of [{}, { proposito: 'venta' }] as Filters[]) {
      const total = await exactCount(filters);
      for (const orden of ORDENES) {
        const order = ORDERS[orden];
        const anchors = await pageAnchors(t.app.db, filters, order);
        expect(anchors).toHaveLength(Math.ceil(total / 1000));
        const all = await inOrder(filters, orden);
        // Around each anchor, and every page of the second block (where the area orders' NULL tail starts).
        const pages = [0, 82, 83, 84, 166, 167, ...Array.from({ length: 84 }, (_, i) => 83 + i), Math.ceil(total / PAGE_SIZE) - 1];
        for (const page of [...new Set(pages)]) {
          const rows = await searchPage(t.app.db, filters, order, page, { count: total, estimated: true }, COUNT_LIMITS, anchors);
          expect({ orden, page, ids: rows.map((r) => r.id) }).toEqual({ orden, page, ids: all.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE) });
        }
      }
    }
  }, 600_000);

  test('after publishes, price edits and deletes through the API, the pages of every order list each match exactly once', async () => {
    const { auth } = await createUser(t.app, { miPlan: 50 });
    const filters: Filters = { region: sample.region, proposito: 'venta' };
    const where = { place: sample.place, region: sample.region, locality: sample.locality };
    const readAll = async (orden: Orden) => {
      const first = await search(filters, 0, orden);
      const ids = first.anuncios.map((a) => a._id);
      for (let page = 1; page * PAGE_SIZE < first.count; page++) ids.push(...(await search(filters, page, orden)).anuncios.map((a) => a._id));
      return { ids, count: first.count };
    };
    const check = async () => {
      for (const orden of ORDENES) {
        const { ids, count: n } = await readAll(orden);
        expect(new Set(ids).size).toBe(ids.length);
        expect({ orden, n, ids }).toEqual({ orden, n: await exactCount(filters), ids: await inOrder(filters, orden) });
      }
    };
    await check(); // every page of every order now cached
    const mine: string[] = [];
    for (const round of [1, 2, 3]) {
      // Two new listings priced into the middle of the result (one without an area), the oldest of
      // them repriced, and from the second round one deleted.
      for (const [price, metros] of [[String(900_000 + round * 1_000_003), '120'], ['1000000', '']] as const) {
        mine.push((await publishListing(t, auth, { ...where, price, metros, proposito: 'venta' }))._id);
      }
      const edited = await editListing(t, mine[0]!, auth, { fields: { ...where, price: String(round * 7_000_000), metros: '95' }, fotos: [] });
      expect(edited.status).toBe(200);
      if (round > 1) expect((await del(t, `/${mine.splice(1, 1)[0]!}`, auth)).status).toBe(200);
      await check();
    }
  }, 600_000);
});
