/**
 * Issue 44: every match on the map. The clusters of `POST /anuncios/mapa` are checked against SQL
 * written on `anuncios` (the trigger-kept coordinates of the search table, its geo index and the
 * grid): per cell at several zooms and filters, with the listings without coordinates counted
 * apart. The box and drawn-area filters of the search agree with SQL in counts and pages, reach
 * saved searches, follow writes (cached counts patched), and bad areas get a clear 400. The map's
 * cells table (migration 0023, decision 0039) stays equal to SQL on anuncios through writes.
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { and, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import { AREA_MSG, MAPA_MAX_CELDAS, POLIGONO_MAX_VERTICES, type Filters, type MapaResponse, type Zona } from 'shared-contracts';
import type { Db } from '../src/db/client';
import { anuncios, searchMapCells } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { cellFor } from '../src/search/map';
import { MAP_LEVELS } from '../src/search/map-cells';
import { engines, openTestDatabase } from './support/engines';
import { migrateWith, migrationsBefore } from './support/migrations';
import { startTestApp, type TestApp } from './support/app';
import { get, post } from './support/http';
import { publishListing } from './support/owner-listings';
import { whereOnAnuncios } from './support/search-sql';
import { createUser } from './support/users';

const TOTAL = 2400;
const DR: Zona = [17.3, -72.1, 20, -68.2];
const SANTO_DOMINGO: Zona = [18.38, -70.05, 18.56, -69.8];
/** A drawn area over Santo Domingo's centre (a concave shape: a wedge is cut out of its east side). */
const AREA = [18.42, -69.98, 18.52, -69.98, 18.52, -69.86, 18.47, -69.92, 18.42, -69.86];

/** A box and a drawn area on anuncios' own coordinates, as the issue states them. */
const boxSql = (z: readonly number[]) => sql`latitude BETWEEN ${z[0]} AND ${z[2]} AND longitude BETWEEN ${z[1]} AND ${z[3]}`;
const polygonSql = (p: readonly number[]) => {
  const ring = [];
  for (let i = 0; i < p.length; i += 2) ring.push(`(${p[i + 1]},${p[i]})`);
  return sql`point(longitude, latitude) <@ ${`(${ring.join(',')})`}::polygon`;
};
const areaSql = (f: Filters): SQL[] => [...(f.zona ? [boxSql(f.zona)] : []), ...(f.poligono ? [sql`latitude IS NOT NULL`, polygonSql(f.poligono)] : [])];

/** The map's cells table (migration 0023) at every kept level equals a GROUP BY on anuncios' searchable listings. */
async function expectCellsAsSql(db: Db) {
  for (const level of MAP_LEVELS) {
    const c = 90 / 2 ** level;
    const kept = await db
      .select({ gy: searchMapCells.gy, gx: searchMapCells.gx, proposito: searchMapCells.proposito, n: searchMapCells.n, seqSum: searchMapCells.seqSum })
      .from(searchMapCells)
      .where(and(eq(searchMapCells.level, level), gt(searchMapCells.n, 0)));
    const direct = await db.execute(sql`
      SELECT floor(latitude / ${c})::int AS gy, floor(longitude / ${c})::int AS gx, proposito, count(*)::int AS n, sum(seq)::bigint AS "seqSum"
      FROM anuncios WHERE ${whereOnAnuncios({}) ?? sql`true`} AND latitude IS NOT NULL AND longitude IS NOT NULL
      GROUP BY 1, 2, 3`);
    const key = (r: { gy: number; gx: number; proposito: string; n: number; seqSum: number | string }) => `${r.gy}|${r.gx}|${r.proposito}|${r.n}|${r.seqSum}`;
    const expected = (direct as unknown as { rows: Parameters<typeof key>[0][] }).rows.map(key).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect({ level, cells: kept.map(key).sort() }).toEqual({ level, cells: expected });
  }
}

describe.each(engines())('map search on %s', (engine) => {
  test("an upgraded portal: migration 0023 fills the map's cells from the listings already searchable", async () => {
    const { database, drop } = await openTestDatabase(engine, { migrate: false });
    const folder = migrationsBefore('0023_map_cells');
    try {
      await migrateWith(database, folder);
      await bulkInsertListings(database.db, { count: 400, seed: 23, batchSize: 200 });
      await database.db.update(anuncios).set({ latitude: null }).where(sql`${anuncios.seq} % 7 = 0`);
      await database.db.update(anuncios).set({ status: 'withdrawn' }).where(sql`${anuncios.seq} % 11 = 0`);
      await database.migrate();
      await expectCellsAsSql(database.db);
    } finally {
      await drop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 300_000);
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { rateLimitScale: 100 }, { countLimits: { exactLimit: 100_000 } });
    await bulkInsertListings(t.app.db, { count: TOTAL, seed: 44, batchSize: 400 });
    // A tenth without coordinates (on no map, counted apart) and a group at one point (one building).
    await t.app.db.update(anuncios).set({ latitude: null, longitude: null }).where(sql`${anuncios.seq} % 10 = 0`);
    await t.app.db.update(anuncios).set({ latitude: 18.47, longitude: -69.93 }).where(sql`${anuncios.seq} % 97 = 1`);
  }, 300_000);
  afterAll(() => t.close());

  const where = (f: Filters) => sql.join([whereOnAnuncios({ ...f, zona: undefined, poligono: undefined }) ?? sql`true`, ...areaSql(f)], sql` AND `);
  const exactCount = async (f: Filters, extra = sql`true`) => Number((await t.app.db.select({ n: count() }).from(anuncios).where(sql`${where(f)} AND ${extra}`))[0]!.n);
  const mapa = async (filters: Filters, vista: Zona, zoom: number) => {
    const res = await post(t, '/anuncios/mapa', { filters, vista, zoom });
    expect({ filters, status: res.status, error: res.body.error }).toEqual({ filters, status: 200 });
    return res.body as MapaResponse;
  };

  test('clusters: each cell of the view holds what SQL counts in it, at several zooms and filters; the listings without coordinates are counted', async () => {
    const cases: [Filters, Zona, number][] = [
      [{}, DR, 7],
      [{}, DR, 9],
      [{ proposito: 'venta' }, SANTO_DOMINGO, 12],
      [{ habitaciones: 2, precioMax: 20_000_000 }, SANTO_DOMINGO, 14],
      [{ propiedad: 'Apartamento', zona: [18.4, -70, 18.5, -69.85] }, SANTO_DOMINGO, 13],
      [{ poligono: AREA }, SANTO_DOMINGO, 15],
    ];
    for (const [filters, vista, zoom] of cases) {
      const answer = await mapa(filters, vista, zoom);
      const cell = cellFor(vista, zoom);
      expect(answer.celda).toBe(cell);
      const cells = await t.app.db.execute(sql`
        SELECT count(*)::int AS n, CASE WHEN count(*) = 1 THEN min(id::text) END AS only FROM anuncios
        WHERE ${where(filters)} AND ${boxSql(vista)}
        GROUP BY floor(latitude / ${cell}), floor(longitude / ${cell})`);
      const expected = (cells as unknown as { rows: { n: number; only: string | null }[] }).rows;
      const inView = await exactCount(filters, boxSql(vista));
      expect({ filters, zoom, total: answer.total }).toEqual({ filters, zoom, total: inView });
      expect(answer.clusters.reduce((sum, c) => sum + c.n, 0)).toBe(inView);
      expect(answer.clusters.map((c) => c.n).sort((a, b) => a - b)).toEqual(expected.map((c) => Number(c.n)).sort((a, b) => a - b));
      // a lone listing names itself (its popup loads it), and its cluster is where it is
      expect(answer.clusters.flatMap((c) => (c.id ? [c.id] : [])).sort()).toEqual(expected.flatMap((c) => (c.only ? [c.only] : [])).sort());
      for (const c of answer.clusters) expect(c.lat >= vista[0] && c.lat <= vista[2] && c.lng >= vista[1] && c.lng <= vista[3]).toBe(true);
      const unplaced = filters.zona || filters.poligono ? 0 : await exactCount(filters, sql`latitude IS NULL`);
      expect(answer.sinUbicacion).toBe(unplaced);
    }
    expect((await mapa({}, DR, 7)).sinUbicacion).toBeGreaterThan(200);
  });

  test('an answer stays within its cell cap and 10 KB gzipped, whatever the zoom and view', async () => {
    for (const [vista, zoom] of [[DR, 19], [DR, 12], [DR, 3], [SANTO_DOMINGO, 19], [SANTO_DOMINGO, 11]] as [Zona, number][]) {
      const res = await post(t, '/anuncios/mapa', { filters: {}, vista, zoom });
      const body = res.body as MapaResponse;
      expect(body.clusters.length).toBeLessThanOrEqual(MAPA_MAX_CELDAS);
      expect(body.total).toBe(await exactCount({}, boxSql(vista)));
      expect(gzipSync(JSON.stringify(body)).length).toBeLessThanOrEqual(10 * 1024);
    }
  });

  test('the box and the drawn area filter the search as SQL does: counts and pages', async () => {
    const searches: Filters[] = [
      { zona: SANTO_DOMINGO },
      { zona: [18.4, -70, 18.5, -69.85], proposito: 'alquiler' },
      { poligono: AREA },
      { poligono: AREA, habitaciones: 3 },
      { zona: [18.45, -69.95, 18.5, -69.9], poligono: AREA },
    ];
    for (const filters of searches) {
      const res = await post(t, '/allAnuncios', { filters, page: 0 });
      expect(res.status).toBe(200);
      const expected = await exactCount(filters);
      expect(expected).toBeGreaterThan(0);
      expect({ filters, count: res.body.count }).toEqual({ filters, count: expected });
      const ids = (await t.app.db.select({ id: anuncios.id }).from(anuncios).where(where(filters)).orderBy(sql`seq DESC`).limit(12)).map((r) => r.id);
      expect(res.body.anuncios.map((a: { _id: string }) => a._id)).toEqual(ids);
    }
    // the URL's spelling is read as the same area
    const asText = await post(t, '/allAnuncios', { filters: { poligono: AREA.join(',') }, page: 0 });
    expect(asText.body.count).toBe(await exactCount({ poligono: AREA }));
  });

  test('a listing published inside a box enters its cached count and its map; saved searches keep the areas', async () => {
    const { auth } = await createUser(t.app, { miPlan: 10 });
    const box: Zona = [18.6, -70.5, 18.7, -70.4];
    const before = (await post(t, '/allAnuncios', { filters: { zona: box }, page: 0 })).body.count as number;
    const published = await publishListing(t, auth, { latitude: '18.65', longitude: '-70.45' });
    const after = await post(t, '/allAnuncios', { filters: { zona: box }, page: 0 });
    expect(after.body.count).toBe(before + 1);
    expect(after.body.anuncios[0]._id).toBe(published._id);
    expect((await mapa({ zona: box }, box, 18)).clusters).toContainEqual({ lat: 18.65, lng: -70.45, n: 1, id: published._id });

    const saved = await post(t, '/busquedas', { filters: { zona: box, poligono: AREA }, frecuencia: 'diario' }, auth);
    expect(saved.status).toBe(201);
    const list = await get(t, '/busquedas', auth);
    expect(list.body.busquedas[0].filters).toEqual({ zona: box, poligono: AREA });
  });

  test("the map's cells follow publishing, moving, purpose changes and removals, as SQL counts them on anuncios", async () => {
    const { auth } = await createUser(t.app, { miPlan: 10 });
    const added = await publishListing(t, auth, { latitude: '18.471', longitude: '-69.931', proposito: 'alquiler' });
    // moved, changed purpose, lost its coordinates, no longer searchable: each through the trigger
    await t.app.db.update(anuncios).set({ latitude: 19.45, longitude: -70.69 }).where(sql`${anuncios.seq} % 10 = 3`);
    await t.app.db.update(anuncios).set({ proposito: 'venta' }).where(sql`${anuncios.seq} % 10 = 4 AND ${anuncios.proposito} = 'alquiler'`);
    await t.app.db.update(anuncios).set({ latitude: null }).where(sql`${anuncios.seq} % 10 = 5`);
    await t.app.db.update(anuncios).set({ status: 'withdrawn' }).where(sql`${anuncios.seq} % 10 = 6`);
    await expectCellsAsSql(t.app.db);
    // views answered from the cells (no filter, or a purpose) still equal SQL, the new listing alone in its cell at a fine zoom
    for (const [filters, vista, zoom] of [[{}, SANTO_DOMINGO, 11], [{ proposito: 'alquiler' }, SANTO_DOMINGO, 13], [{ proposito: 'venta' }, DR, 8]] as [Filters, Zona, number][]) {
      const answer = await mapa(filters, vista, zoom);
      expect({ filters, total: answer.total }).toEqual({ filters, total: await exactCount(filters, boxSql(vista)) });
    }
    const fine: Zona = [18.465, -69.94, 18.475, -69.92];
    expect((await mapa({ proposito: 'alquiler' }, fine, 17)).clusters).toContainEqual({ lat: 18.471, lng: -69.931, n: 1, id: added._id });
  });

  test('bad areas and views are refused with a message in Spanish', async () => {
    const refused = async (body: unknown, error: string, path = '/anuncios/mapa') => {
      const res = await post(t, path, body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error });
    };
    const ok = { vista: DR, zoom: 10 };
    const many = Array.from({ length: POLIGONO_MAX_VERTICES + 1 }, (_, i) => [18.5 + 0.1 * Math.sin((2 * Math.PI * i) / (POLIGONO_MAX_VERTICES + 1)), -70 + 0.1 * Math.cos((2 * Math.PI * i) / (POLIGONO_MAX_VERTICES + 1))]).flat();
    await refused({ filters: { poligono: many }, ...ok }, AREA_MSG.poligonoVertices);
    await refused({ filters: { poligono: [18.4, -70, 18.5, -69.9] }, ...ok }, AREA_MSG.poligonoVertices);
    await refused({ filters: { poligono: [18.4, -70, 18.5, -69.9, 18.4, -69.9, 18.5, -70] }, ...ok }, AREA_MSG.poligonoCruzado);
    await refused({ filters: { poligono: [18.4, -70, 18.45, -69.95, 18.5, -69.9] }, ...ok }, AREA_MSG.poligonoVacio);
    await refused({ filters: { poligono: [18.4, -70, 95, -69.9, 18.4, -69.9] }, ...ok }, AREA_MSG.coordenadaFuera);
    await refused({ filters: { poligono: 'x'.repeat(5000) }, ...ok }, AREA_MSG.poligonoVertices);
    await refused({ filters: { poligono: { lat: 1 } }, ...ok }, AREA_MSG.poligonoVertices);
    await refused({ filters: { zona: [18.5, -70, 18.4, -69.9] }, ...ok }, AREA_MSG.zonaInvalida);
    await refused({ filters: { zona: '18.4,-70,18.5' }, ...ok }, AREA_MSG.zonaInvalida);
    await refused({ filters: { zona: '18.4,-200,18.5,-69' }, ...ok }, AREA_MSG.coordenadaFuera);
    await refused({ filters: {}, vista: DR, zoom: 25 }, 'Zoom no válido');
    await refused({ filters: {}, vista: 'a,b,c,d', zoom: 10 }, AREA_MSG.zonaInvalida);
    await refused({ filters: { poligono: [18.4, -70, 18.5, -69.9, 18.4, -69.9, 18.5, -70] }, page: 0 }, AREA_MSG.poligonoCruzado, '/allAnuncios');
  });
});
