/**
 * Issue 44: every match of a search on the map, as clusters (docs/decisions/0032-map-search.md).
 * The matches inside the map's view are grouped by a grid cell in SQL (GROUP BY of the snapped
 * coordinates) with the search's own conditions (filters.ts), so the answer is one row per
 * non-empty cell whatever the number of matches: at most MAPA_MAX_CELDAS, a few KB. The grid is
 * global (cells do not move when the map pans) and its cell about 64 px at the map's zoom; a view
 * wider than the cap gets cells twice as large until it fits.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { celdaDeZoom, MAPA_MAX_CELDAS, type Filters, type MapaResponse, type Zona } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, anuncios } from '../db/schema';
import { statement } from '../db/statements';
import type { WorkQueue } from '../db/work-queue';
import { filterCodes } from './codes';
import { filterShape, searchWhere, type SearchWhere } from './filters';

export interface MapRequest {
  filters: Filters;
  vista: Zona;
  zoom: number;
}

/** The cell side for a view and zoom: the zoom's, doubled until the view holds at most MAPA_MAX_CELDAS cells. */
export function cellFor(vista: Zona, zoom: number): number {
  let cell = celdaDeZoom(zoom);
  const cells = (c: number) => (Math.floor(vista[2] / c) - Math.floor(vista[0] / c) + 1) * (Math.floor(vista[3] / c) - Math.floor(vista[1] / c) + 1);
  while (cells(cell) > MAPA_MAX_CELDAS) cell *= 2;
  return cell;
}

function clusterStatement(db: Db, filters: Filters, where: SearchWhere) {
  return statement(db, `map:${filterShape(filters)}`, () => {
    const cell = sql.placeholder('cell');
    const inView = sql`${s.lat} BETWEEN ${sql.placeholder('v_s')} AND ${sql.placeholder('v_n')} AND ${s.lng} BETWEEN ${sql.placeholder('v_w')} AND ${sql.placeholder('v_e')}`;
    const cells = db.$with('cells').as(
      db
        .select({
          gy: sql`floor(${s.lat} / ${cell})`.as('gy'),
          gx: sql`floor(${s.lng} / ${cell})`.as('gx'),
          // names of their own: drizzle writes a CTE's columns unqualified, and anuncios has seq too
          n: sql<number>`count(*)::int`.as('cell_n'),
          lat: sql<number>`avg(${s.lat})`.as('cell_lat'),
          lng: sql<number>`avg(${s.lng})`.as('cell_lng'),
          seq: sql<number>`min(${s.seq})`.as('cell_seq'),
        })
        .from(s)
        .where(and(...where.conditionsOf(filters, true), inView))
        // by position: the two placeholders of `cell` are two parameters, so the expressions differ
        .groupBy(sql.raw('1'), sql.raw('2')),
    );
    return db
      .with(cells)
      .select({ lat: cells.lat, lng: cells.lng, n: cells.n, id: anuncios.id })
      .from(cells)
      .leftJoin(anuncios, and(sql`${cells.n} = 1`, eq(anuncios.seq, cells.seq)))
      .prepare('');
  });
}

/** The matches without coordinates (few: the partial index of migration 0022). */
function unplacedStatement(db: Db, filters: Filters, where: SearchWhere) {
  return statement(db, `map-unplaced:${filterShape(filters)}`, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(s)
      .where(and(...where.conditionsOf(filters, true), isNull(s.lat)))
      .prepare(''),
  );
}

const round = (n: number) => Math.round(Number(n) * 1e5) / 1e5;

/** The clusters of `filters`' matches in the view, in the search queue (503 beyond it). */
export async function mapClusters(db: Db, queue: WorkQueue, { filters, vista, zoom }: MapRequest): Promise<MapaResponse> {
  const celda = cellFor(vista, zoom);
  return queue.run(async () => {
    const codes = await filterCodes(db, filters);
    if (!codes) return { clusters: [], total: 0, sinUbicacion: 0, celda };
    const where = searchWhere(filters, codes);
    const [s_, w, n, e] = vista;
    const rows = await clusterStatement(db, filters, where).execute({ ...where.values, cell: celda, v_s: s_, v_w: w, v_n: n, v_e: e });
    // An area (zona, poligono) holds only listings with coordinates.
    const unplaced = filters.zona || filters.poligono ? 0 : Number((await unplacedStatement(db, filters, where).execute(where.values))[0]?.n ?? 0);
    let total = 0;
    const clusters = rows.map((r) => {
      total += r.n;
      return r.id ? { lat: round(r.lat), lng: round(r.lng), n: r.n, id: r.id } : { lat: round(r.lat), lng: round(r.lng), n: r.n };
    });
    return { clusters, total, sinUbicacion: unplaced, celda };
  });
}
