/**
 * Issue 44: every match of a search on the map, as clusters (docs/decisions/0032-map-search.md).
 * The matches inside the map's view are grouped by a grid cell in SQL (GROUP BY of the snapped
 * coordinates) with the search's own conditions (filters.ts), so the answer is one row per
 * non-empty cell whatever the number of matches: at most MAPA_MAX_CELDAS, a few KB. The grid is
 * global (cells do not move when the map pans) and its cell about 64 px at the map's zoom; a view
 * wider than the cap gets cells twice as large until it fits.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { celdaDeZoom, MAPA_MAX_CELDAS, type Filters, type MapaResponse, type Zona } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, anuncios } from '../db/schema';
import { statement } from '../db/statements';
import type { WorkQueue } from '../db/work-queue';
import { filterCodes } from './codes';
import { filterShape, searchWhere, type SearchWhere } from './filters';
import { cellsAnswer, innerCells, innerSums, keptLevelOf, viewStatement, type CellSum } from './map-cells';

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

/**
 * The sums of the view's cells: from the map's cells table and the edges' strips when it can
 * (map-cells.ts), else every match in the view grouped from the search table.
 */
async function cellSums(db: Db, filters: Filters, where: SearchWhere, vista: Zona, cell: number, useCells: boolean): Promise<CellSum[]> {
  const level = keptLevelOf(cell);
  const inner = useCells && level !== null && cellsAnswer(filters) ? innerCells(vista, cell) : null;
  const [v_s, v_w, v_n, v_e] = vista;
  const values = { ...where.values, cell, v_s, v_w, v_n, v_e, ...inner };
  const viewed = (await viewStatement(db, filters, where, Boolean(inner)).execute(values)).map((r) => ({ n: Number(r.n), lat: Number(r.lat), lng: Number(r.lng), seq: Number(r.seq) }));
  return inner ? [...viewed, ...(await innerSums(db, filters, level!, inner))] : viewed;
}

/** The ids of the listings alone in their cells, by seq. */
async function idsOf(db: Db, sums: CellSum[]): Promise<Map<number, string>> {
  const seqs = sums.filter((c) => c.n === 1).map((c) => c.seq);
  if (!seqs.length) return new Map();
  const rows = await db.select({ seq: anuncios.seq, id: anuncios.id }).from(anuncios).where(inArray(anuncios.seq, seqs));
  return new Map(rows.map((r) => [Number(r.seq), r.id]));
}

/**
 * The clusters of `filters`' matches in the view, in the search queue (503 beyond it). `useCells`
 * false: every cell grouped from the search table (only to measure without the cells table,
 * api/bench/map-direct.ts).
 */
export async function mapClusters(db: Db, queue: WorkQueue, { filters, vista, zoom }: MapRequest, useCells = true): Promise<MapaResponse> {
  const celda = cellFor(vista, zoom);
  return queue.run(async () => {
    const codes = await filterCodes(db, filters);
    if (!codes) return { clusters: [], total: 0, sinUbicacion: 0, celda };
    const where = searchWhere(filters, codes);
    const sums = await cellSums(db, filters, where, vista, celda, useCells);
    const ids = await idsOf(db, sums);
    // An area (zona, poligono) holds only listings with coordinates.
    const unplaced = filters.zona || filters.poligono ? 0 : Number((await unplacedStatement(db, filters, where).execute(where.values))[0]?.n ?? 0);
    let total = 0;
    const clusters = sums.map((c) => {
      total += c.n;
      const id = c.n === 1 ? ids.get(c.seq) : undefined;
      return id ? { lat: round(c.lat), lng: round(c.lng), n: c.n, id } : { lat: round(c.lat), lng: round(c.lng), n: c.n };
    });
    return { clusters, total, sinUbicacion: unplaced, celda };
  });
}
