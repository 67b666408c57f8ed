/**
 * The map's clusters without reading every listing in the view
 * (docs/decisions/0039-map-cells-and-attribute-indexes.md). The trigger keeps `search_map_cells`
 * (migration 0023): per grid level, cell and purpose, a count and the sums of the positions. A
 * view's cells split in two:
 * - its inner cells, entirely inside the view, read from that table (a few hundred rows at most,
 *   whatever the number of listings: one index descent per row of cells);
 * - its edge cells (the first and last row and column, partly outside), whose listings inside the
 *   view are grouped from the search table: four thin strips, each a range of one of the two geo
 *   indexes (latitudes first for the top and bottom rows, longitudes first for the side columns).
 * Each cell is answered by one side only, so the counts are those of the search table, exact.
 * The table has no dimension but the purpose: a search with any other filter is grouped from the
 * search table (map.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Filters, Zona } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, searchMapCells as m } from '../db/schema';
import { statement } from '../db/statements';
import { filterShape, givenFilters, type SearchWhere } from './filters';

/** The levels the table keeps (cell = 90 / 2^level degrees; migration 0023's generate_series). */
export const MAP_LEVELS = { min: 0, max: 17 } as const;

/** A grid cell's rows and columns: `floor(lat / cell)`, `floor(lng / cell)`. */
export interface CellBox {
  gy0: number;
  gy1: number;
  gx0: number;
  gx1: number;
}

/** A cluster before its listing's id is known: its cell's listings' count, summed positions and seqs. */
export interface CellSum {
  n: number;
  lat: number;
  lng: number;
  /** The seq of its listing when n = 1. */
  seq: number;
}

/** The level of a cell side 90 / 2^level, or null when the table does not keep it. */
export function levelOf(cell: number): number | null {
  const level = Math.log2(90 / cell);
  return Number.isInteger(level) && level >= MAP_LEVELS.min && level <= MAP_LEVELS.max ? level : null;
}

/** Whether the table can answer `filters`: none but the purpose. */
export const cellsAnswer = (filters: Filters) => givenFilters(filters).every((f) => f.key === 'proposito');

/**
 * The cells entirely inside the view: each listing in them is inside it (floor(lat / c) > floor(s / c)
 * means lat > s, since dividing by the same positive c keeps the order; alike for the other sides).
 * Null when there are none.
 */
export function innerCells([south, west, north, east]: Zona, cell: number): CellBox | null {
  const box = { gy0: Math.floor(south / cell) + 1, gy1: Math.floor(north / cell) - 1, gx0: Math.floor(west / cell) + 1, gx1: Math.floor(east / cell) - 1 };
  return box.gy0 <= box.gy1 && box.gx0 <= box.gx1 ? box : null;
}

function innerStatement(db: Db, withPurpose: boolean) {
  return statement(db, `map-cells:${withPurpose}`, () => {
    const conditions: SQL[] = [
      eq(m.level, sql.placeholder('level')),
      // one index descent per row of cells, each a range of columns (not the whole country's width)
      sql`${m.gy} = ANY(${sql.placeholder('gys')}::int[])`,
      sql`${m.gx} BETWEEN ${sql.placeholder('gx0')} AND ${sql.placeholder('gx1')}`,
    ];
    if (withPurpose) conditions.push(eq(m.proposito, sql.placeholder('proposito')));
    return db
      .select({
        n: sql<number>`sum(${m.n})::int`,
        lat: sql<number>`sum(${m.latSum}) / sum(${m.n})`,
        lng: sql<number>`sum(${m.lngSum}) / sum(${m.n})`,
        seq: sql<number>`sum(${m.seqSum})`,
      })
      .from(m)
      .where(and(...conditions))
      .groupBy(m.gy, m.gx)
      .having(sql`sum(${m.n}) > 0`)
      .prepare('');
  });
}

/** The inner cells' sums, for a search with no filter or only a purpose. */
export async function innerSums(db: Db, filters: Filters, level: number, box: CellBox): Promise<CellSum[]> {
  const gys = `{${Array.from({ length: box.gy1 - box.gy0 + 1 }, (_, i) => box.gy0 + i).join(',')}}`;
  const rows = await innerStatement(db, Boolean(filters.proposito)).execute({ level, gys, gx0: box.gx0, gx1: box.gx1, proposito: filters.proposito });
  return rows.map((r) => ({ n: Number(r.n), lat: Number(r.lat), lng: Number(r.lng), seq: Number(r.seq) }));
}

/** A placeholder with its type (PostgreSQL would otherwise infer one from each expression, e.g. an integer for `(gy0 + 1) * cell`). */
const p = (name: string) => (name === 'cell' || name.startsWith('v_') ? sql`${sql.placeholder(name)}::float8` : sql`${sql.placeholder(name)}::int`);

/** The search's matches in the view, grouped by cell: all of them, or (`edges`) only those outside the inner cells. */
export function viewStatement(db: Db, filters: Filters, where: SearchWhere, edges: boolean) {
  return statement(db, `map:${edges ? 'edges' : 'all'}:${filterShape(filters)}`, () => {
    const cell = p('cell');
    const gy = sql`floor(${s.lat} / ${cell})`;
    const gx = sql`floor(${s.lng} / ${cell})`;
    const inView = sql`${s.lat} BETWEEN ${p('v_s')} AND ${p('v_n')} AND ${s.lng} BETWEEN ${p('v_w')} AND ${p('v_e')}`;
    const strip = (cond: SQL) => db.select({ lat: s.lat, lng: s.lng, seq: s.seq }).from(s).where(and(...where.conditionsOf(filters, true), inView, cond));
    const innerRows = sql`${gy} BETWEEN ${p('gy0')} AND ${p('gy1')}`;
    // Each strip: its exact rule on the cells, and a range of one index a little wider than it (rounding).
    const matches = edges
      ? strip(sql`${gy} < ${p('gy0')} AND ${s.lat} <= (${p('gy0')} + 1) * ${cell}`)
          .unionAll(strip(sql`${gy} > ${p('gy1')} AND ${s.lat} >= ${p('gy1')} * ${cell}`))
          .unionAll(strip(sql`${innerRows} AND ${gx} < ${p('gx0')} AND ${s.lng} <= (${p('gx0')} + 1) * ${cell}`))
          .unionAll(strip(sql`${innerRows} AND ${gx} > ${p('gx1')} AND ${s.lng} >= ${p('gx1')} * ${cell}`))
      : strip(sql`true`);
    const inside = db.$with('inside').as(matches);
    return db
      .with(inside)
      .select({
        n: sql<number>`count(*)::int`,
        lat: sql<number>`avg(${inside.lat})`,
        lng: sql<number>`avg(${inside.lng})`,
        seq: sql<number>`min(${inside.seq})`,
      })
      .from(inside)
      .groupBy(sql`floor(${inside.lat} / ${cell})`, sql`floor(${inside.lng} / ${cell})`)
      .prepare('');
  });
}
