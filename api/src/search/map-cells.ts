/**
 * The map's clusters without reading every listing in the view
 * (docs/decisions/0039-map-cells-and-map-limit.md). The trigger keeps `search_map_cells`
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

/**
 * The levels the table keeps (cell = 90 / 2^level degrees; migration 0023's array): every other
 * one, so a write updates six rows, not eighteen. A level not kept is read from the next one kept
 * (a cell of level l is the four of level l + 1 with the same `gy >> 1`, `gx >> 1`: the floors of
 * the same quotient halved); the levels below 7 (views wider than the country) from level 7.
 */
export const MAP_LEVELS = [7, 9, 11, 13, 15, 17] as const;

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

/** Where the cells of side `cell` (90 / 2^level) are read: the level kept at or below that size and the shift to their own. */
export interface KeptLevel {
  kept: number;
  shift: number;
}

export function keptLevelOf(cell: number): KeptLevel | null {
  const level = Math.log2(90 / cell);
  const kept = Number.isInteger(level) ? MAP_LEVELS.find((l) => l >= level) : undefined;
  return kept === undefined ? null : { kept, shift: kept - level };
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
      // one index descent per row of kept cells, each a range of columns (not the whole country's width)
      sql`${m.gy} = ANY(${sql.placeholder('gys')}::int[])`,
      sql`${m.gx} BETWEEN ${sql.placeholder('gx0')}::int AND ${sql.placeholder('gx1')}::int`,
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
      .groupBy(sql`${m.gy} >> ${sql.placeholder('shift')}::int`, sql`${m.gx} >> ${sql.placeholder('shift')}::int`)
      .having(sql`sum(${m.n}) > 0`)
      .prepare('');
  });
}

/** The inner cells' sums, for a search with no filter or only a purpose. */
export async function innerSums(db: Db, filters: Filters, { kept, shift }: KeptLevel, box: CellBox): Promise<CellSum[]> {
  // the kept cells inside the view's inner cells: 2^shift of them per side of each
  const [gy0, gy1] = [box.gy0 * 2 ** shift, (box.gy1 + 1) * 2 ** shift - 1];
  const gys = `{${Array.from({ length: gy1 - gy0 + 1 }, (_, i) => gy0 + i).join(',')}}`;
  const values = { level: kept, shift, gys, gx0: box.gx0 * 2 ** shift, gx1: (box.gx1 + 1) * 2 ** shift - 1, proposito: filters.proposito };
  const rows = await innerStatement(db, Boolean(filters.proposito)).execute(values);
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
