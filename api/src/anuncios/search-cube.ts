/**
 * Counts from the count cube `search_cube` (migration 0010, docs/decisions/0005-search-table-and-estimated-counts.md):
 * the trigger on `anuncios` keeps, per location (all, one region, place or locality), how many
 * searchable listings share each (proposito, propiedad, rooms, moneda, price band). A search's
 * count is then the sum of the cells it covers entirely, plus its partial edge bands (the band of
 * the minimum price and that of the maximum): those are interpolated inside the band when the
 * worst case of that interpolation is within 2 % of the sure part (flagged as an estimate), and
 * counted exactly otherwise, through the price index restricted to the band.
 *
 * Searches the cube cannot answer (an area filter, more than one location, seven rooms or more)
 * return null and take the search table's path (search-query.ts).
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Filters } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, searchCube as c } from '../db/schema';
import type { Counted, CountLimits } from './search-query';

/** Lower bounds of the price bands after the first, about 21 a decade (ratio ≤ 1.2), 100 to 10^10. */
const MANTISSAS = [1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.8, 2, 2.2, 2.5, 2.8, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9];
export const PRICE_BANDS: readonly number[] = [
  ...Array.from({ length: 8 }, (_, i) => MANTISSAS.map((m) => Math.round(m * 10 ** (i + 2)))).flat(),
  1e10,
];
/** The cube's rooms dimension stops here: "6 or more" is one cell, so a filter of 7+ rooms cannot use it. */
export const CUBE_ROOMS_MAX = 6;
/** An estimate is given only when its worst case is within this fraction of the count. */
export const CUBE_MAX_ERROR = 0.02;

/** SQL width_bucket(p, PRICE_BANDS): how many lower bounds are ≤ p (band 0 is below the first). */
export function priceBand(price: number): number {
  let lo = 0;
  let hi = PRICE_BANDS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (PRICE_BANDS[mid] <= price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const bandLower = (k: number) => (k > 0 ? PRICE_BANDS[k - 1] : 0);
const bandUpper = (k: number) => (k < PRICE_BANDS.length ? PRICE_BANDS[k] : Infinity);

interface Edge {
  band: number;
  /** The part of the band the search covers: [from, to] within [lower, upper). */
  from: number;
  to: number;
  /** Extra conditions that restrict the search's own to this band (its price bounds already apply). */
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
  if (filters.metrosMin !== undefined || filters.metrosMax !== undefined) return null;
  if (filters.habitaciones !== undefined && filters.habitaciones > CUBE_ROOMS_MAX) return null;
  const where = location(filters);
  if (!where) return null;
  const min = filters.precioMin;
  const max = filters.precioMax;
  if (min !== undefined && max !== undefined && min > max) return { count: 0, estimated: false };

  const priceColumn = filters.moneda ? s.price : s.priceRd;
  const band = filters.moneda ? c.bandOwn : c.bandRd;
  const kMin = min === undefined ? 0 : priceBand(min);
  const kMax = max === undefined ? PRICE_BANDS.length : priceBand(max);
  const edges: Edge[] = [];
  const minCut = min !== undefined && min > bandLower(kMin);
  if (kMin === kMax && (minCut || max !== undefined)) {
    edges.push({ band: kMin, from: min ?? bandLower(kMin), to: max ?? bandUpper(kMin), within: min === undefined ? [gte(priceColumn, bandLower(kMin))] : [] });
  } else {
    if (minCut) edges.push({ band: kMin, from: min, to: bandUpper(kMin), within: [lt(priceColumn, bandUpper(kMin))] });
    if (max !== undefined) edges.push({ band: kMax, from: bandLower(kMax), to: max, within: [gte(priceColumn, bandLower(kMax))] });
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
