/**
 * Counts from the count cube `search_cube` (migration 0010, docs/decisions/0005-search-table-and-estimated-counts.md):
 * the trigger on `anuncios` keeps, per location (all, one region, place or locality), how many
 * searchable listings share each (proposito, propiedad, rooms, moneda, price band). A search's
 * count is then the sum of the cells it covers entirely, plus its partial edge bands (the band of
 * the minimum price and that of the maximum): those are interpolated inside the band when the
 * worst case of that interpolation is within 2 % of the sure part (flagged as an estimate), and
 * counted exactly otherwise, through the price index restricted to the band.
 *
 * A search by area (metrosMin/metrosMax, no price bound) is counted the same way from the area
 * cube `search_cube_area` (migration 0011), whose cells have an area band instead of the price
 * bands. Searches neither cube can answer (an area and a price bound together, more than one
 * location, seven rooms or more) return null and take the search table's path (search-query.ts).
 */
import { and, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Filters } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, searchCube, searchCubeArea } from '../db/schema';
import type { Counted, CountLimits } from './search-query';

/** Lower bounds of the price bands after the first, about 21 a decade (ratio ≤ 1.2), 100 to 10^10. */
const MANTISSAS = [1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.8, 2, 2.2, 2.5, 2.8, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9];
export const PRICE_BANDS: readonly number[] = [
  ...Array.from({ length: 8 }, (_, i) => MANTISSAS.map((m) => Math.round(m * 10 ** (i + 2)))).flat(),
  1e10,
];
/** Lower bounds of the area bands in m², the same mantissas, 10 to 10^7 (SQL: search_area_band). */
export const AREA_BANDS: readonly number[] = [
  ...Array.from({ length: 6 }, (_, i) => MANTISSAS.map((m) => Math.round(m * 10 ** (i + 1)))).flat(),
  1e7,
];
/** The cube's rooms dimension stops here: "6 or more" is one cell, so a filter of 7+ rooms cannot use it. */
export const CUBE_ROOMS_MAX = 6;
/** An estimate is given only when its worst case is within this fraction of the count. */
export const CUBE_MAX_ERROR = 0.02;

/** SQL width_bucket(v, bands): how many lower bounds are ≤ v (band 0 is below the first). */
function bandOf(bands: readonly number[], value: number): number {
  let lo = 0;
  let hi = bands.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bands[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** SQL search_price_band(p). */
export const priceBand = (price: number) => bandOf(PRICE_BANDS, price);
/** SQL search_area_band(m) for an area given (a listing without one is band -1). */
export const areaBand = (metros: number) => bandOf(AREA_BANDS, metros);

/** Which cube counts a search, and along which of its dimensions the search's range runs. */
interface Measure {
  cube: typeof searchCube | typeof searchCubeArea;
  bands: readonly number[];
  /** The cube's band column and the search table's column it bands. */
  band: AnyColumn;
  value: AnyColumn;
  min?: number;
  max?: number;
}

function measureOf(filters: Filters): Measure | null {
  const byArea = filters.metrosMin !== undefined || filters.metrosMax !== undefined;
  const byPrice = filters.precioMin !== undefined || filters.precioMax !== undefined;
  if (byArea && byPrice) return null;
  if (byArea) {
    return { cube: searchCubeArea, bands: AREA_BANDS, band: searchCubeArea.bandArea, value: s.metros, min: filters.metrosMin, max: filters.metrosMax };
  }
  const own = Boolean(filters.moneda);
  return {
    cube: searchCube,
    bands: PRICE_BANDS,
    band: own ? searchCube.bandOwn : searchCube.bandRd,
    value: own ? s.price : s.priceRd,
    min: filters.precioMin,
    max: filters.precioMax,
  };
}

interface Edge {
  band: number;
  /** The part of the band the search covers: [from, to] within [lower, upper). */
  from: number;
  to: number;
  /** Extra conditions that restrict the search to this band (its own bounds already apply). */
  within: SQL[];
}

function location(filters: Filters): { kind: 'all' | 'region' | 'place' | 'locality'; loc: string } | null {
  const given = (['region', 'place', 'locality'] as const).filter((k) => filters[k] !== undefined);
  if (given.length > 1) return null;
  if (!given.length) return { kind: 'all', loc: '' };
  return { kind: given[0], loc: String(filters[given[0]]) };
}

/**
 * The count of `filters` from the cube, or null when the cube cannot answer it. `exact` forces an
 * exact count (the last pages of a result); otherwise a count above `limits.exactLimit` whose
 * edge bands are interpolated within CUBE_MAX_ERROR in the worst case is estimated.
 */
export async function cubeCount(db: Db, filters: Filters, conditions: SQL[], limits: CountLimits, exact = false): Promise<Counted | null> {
  if (filters.habitaciones !== undefined && filters.habitaciones > CUBE_ROOMS_MAX) return null;
  const where = location(filters);
  const measure = measureOf(filters);
  if (!where || !measure) return null;
  const { cube: c, bands, band, value: column, min, max } = measure;
  if (min !== undefined && max !== undefined && min > max) return { count: 0, estimated: false };

  const bandLower = (k: number) => (k > 0 ? bands[k - 1] : 0);
  const bandUpper = (k: number) => (k < bands.length ? bands[k] : Infinity);
  const kMin = min === undefined ? 0 : bandOf(bands, min);
  const kMax = max === undefined ? bands.length : bandOf(bands, max);
  const edges: Edge[] = [];
  const minCut = min !== undefined && min > bandLower(kMin);
  if (kMin === kMax && (minCut || max !== undefined)) {
    edges.push({ band: kMin, from: min ?? bandLower(kMin), to: max ?? bandUpper(kMin), within: min === undefined ? [gte(column, bandLower(kMin))] : [] });
  } else {
    if (minCut) edges.push({ band: kMin, from: min, to: bandUpper(kMin), within: [lt(column, bandUpper(kMin))] });
    if (max !== undefined) edges.push({ band: kMax, from: bandLower(kMax), to: max, within: [gte(column, bandLower(kMax))] });
  }
  const fullFrom = minCut ? kMin + 1 : kMin;
  const fullTo = max !== undefined ? kMax - 1 : kMax;

  const cells = [
    eq(c.kind, where.kind),
    eq(c.loc, where.loc),
    filters.proposito ? eq(c.proposito, filters.proposito) : undefined,
    filters.propiedad ? eq(c.propiedad, filters.propiedad) : undefined,
    filters.habitaciones !== undefined ? gte(c.rooms, filters.habitaciones) : undefined,
    filters.moneda ? eq(c.moneda, filters.moneda) : undefined,
    sql`${band} BETWEEN ${kMin} AND ${kMax}`,
  ];
  const [row] = await db
    .select({
      full: sql<string | null>`sum(${c.n}) FILTER (WHERE ${band} BETWEEN ${fullFrom} AND ${fullTo})`,
      lo: sql<string | null>`sum(${c.n}) FILTER (WHERE ${band} = ${kMin})`,
      hi: sql<string | null>`sum(${c.n}) FILTER (WHERE ${band} = ${kMax})`,
    })
    .from(c)
    .where(and(...cells));
  const full = Number(row?.full ?? 0);
  const inBand = (k: number) => Number((k === kMin ? row?.lo : row?.hi) ?? 0);
  const partial = edges.map((e) => ({ ...e, n: inBand(e.band) })).filter((e) => e.n > 0);
  if (!partial.length) return { count: full, estimated: false };

  // A maximum on a band's lower bound (precioMax 5.000.000) leaves only listings at exactly that
  // price in its band: an equality on the price index, always counted.
  const points = partial.filter((e) => e.from === e.to);
  const spread = partial.filter((e) => e.from !== e.to);
  if (!spread.length) return { count: full + (await countEdges(points)), estimated: false };
  const sure = full + (points.length ? await countEdges(points) : 0);

  let estimate = sure;
  let worst = 0;
  let upper = sure;
  for (const e of spread) {
    const width = bandUpper(e.band) - bandLower(e.band);
    // Linear inside the band; the open-ended top band is taken as half.
    const share = Number.isFinite(width) ? Math.min(1, Math.max(0, (e.to - e.from) / width)) : 0.5;
    estimate += share * e.n;
    worst += Math.max(share, 1 - share) * e.n;
    upper += e.n;
  }
  if (!exact && upper > limits.exactLimit && worst <= CUBE_MAX_ERROR * sure) return { count: Math.round(estimate), estimated: true };

  return { count: sure + (await countEdges(spread)), estimated: false };

  /**
   * The search's matches inside the edge bands, in one statement: one index-only count per band
   * (the band bounds the scan of the price index), added up.
   */
  async function countEdges(list: Edge[]): Promise<number> {
    const counts = list.map((e) => sql`(SELECT count(*) FROM ${s} WHERE ${and(...conditions, ...e.within)})`);
    const [row] = await db.select({ n: sql<number>`(${sql.join(counts, sql` + `)})::int` }).from(sql`(SELECT 1) AS one`);
    return Number(row?.n ?? 0);
  }
}
