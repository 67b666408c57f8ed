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
import type { Counted, CountLimits, SearchWhere } from './search-query';
import { statement } from '../db/statements';
import { filterShape } from './search-statements';

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

/** Edge samples: at least 1/128 of the rows (the coarse sample's size), at most 1/16. */
const SAMPLE_BUCKETS_MIN = 8;
const SAMPLE_BUCKETS_MAX = 64;
/** Fewer sampled rows in an edge band than this, and the band is counted instead. */
const SAMPLE_MIN_ROWS = 30;

/** The filters without the bounds of the measure's range (the rest of the search). */
function withoutRange(filters: Filters, measure: Measure): Filters {
  const rest = { ...filters };
  if (measure.cube === searchCubeArea) {
    delete rest.metrosMin;
    delete rest.metrosMax;
  } else {
    delete rest.precioMin;
    delete rest.precioMax;
  }
  return rest;
}

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
  /** The statement shape's name of the measure (search-statements.ts). */
  name: 'area' | 'own' | 'rd';
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
    return { name: 'area', cube: searchCubeArea, bands: AREA_BANDS, band: searchCubeArea.bandArea, value: s.metros, min: filters.metrosMin, max: filters.metrosMax };
  }
  const own = Boolean(filters.moneda);
  return {
    name: own ? 'own' : 'rd',
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
  /** The extra bound that restricts the search to this band, if its own bounds do not. */
  within?: { op: 'lt' | 'gte'; value: number };
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
export async function cubeCount(
  db: Db,
  filters: Filters,
  /** The search table's conditions of these filters (by their codes) and its statements' values. */
  table: SearchWhere,
  limits: CountLimits,
  exact = false,
  /**
   * The exact count of a result known to have at most `atMost` (≤ exactLimit) matches, when the
   * caller can count them together with something else (search-query.ts: its page); null when
   * it declines, and the edge bands are counted.
   */
  exactSmall?: (atMost: number) => Promise<number> | null,
): Promise<Counted | null> {
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
    edges.push({ band: kMin, from: min ?? bandLower(kMin), to: max ?? bandUpper(kMin), within: min === undefined ? { op: 'gte', value: bandLower(kMin) } : undefined });
  } else {
    if (minCut) edges.push({ band: kMin, from: min, to: bandUpper(kMin), within: { op: 'lt', value: bandUpper(kMin) } });
    if (max !== undefined) edges.push({ band: kMax, from: bandLower(kMax), to: max, within: { op: 'gte', value: bandLower(kMax) } });
  }
  const fullFrom = minCut ? kMin + 1 : kMin;
  const fullTo = max !== undefined ? kMax - 1 : kMax;

  // One statement per shape (search-statements.ts): the cube, the filters it has; values below.
  const cubeSums = statement(db, `cube:${measure.name}:${cubeShape(filters)}`, () => {
    const slot = sql.placeholder;
    const cells = [
      eq(c.kind, slot('kind')),
      eq(c.loc, slot('loc')),
      filters.proposito ? eq(c.proposito, slot('proposito')) : undefined,
      filters.propiedad ? eq(c.propiedad, slot('propiedad')) : undefined,
      filters.habitaciones !== undefined ? gte(c.rooms, slot('habitaciones')) : undefined,
      filters.moneda ? eq(c.moneda, slot('moneda')) : undefined,
      sql`${band} BETWEEN ${slot('kMin')} AND ${slot('kMax')}`,
    ];
    return db
      .select({
        full: sql<string | null>`sum(${c.n}) FILTER (WHERE ${band} BETWEEN ${slot('fullFrom')} AND ${slot('fullTo')})`,
        lo: sql<string | null>`sum(${c.n}) FILTER (WHERE ${band} = ${slot('kMin')})`,
        hi: sql<string | null>`sum(${c.n}) FILTER (WHERE ${band} = ${slot('kMax')})`,
      })
      .from(c)
      .where(and(...cells))
      .prepare('');
  });
  const [row] = await cubeSums.execute({ ...filters, kind: where.kind, loc: where.loc, kMin, kMax, fullFrom, fullTo });
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

  const shaped = spread.map((e) => {
    const width = bandUpper(e.band) - bandLower(e.band);
    // Linear inside the band; the open-ended top band is taken as half.
    const share = Number.isFinite(width) ? Math.min(1, Math.max(0, (e.to - e.from) / width)) : 0.5;
    return { ...e, share, worst: Math.max(share, 1 - share) * e.n };
  });
  const estimate = sure + shaped.reduce((sum, e) => sum + e.share * e.n, 0);
  const worst = shaped.reduce((sum, e) => sum + e.worst, 0);
  const upper = sure + shaped.reduce((sum, e) => sum + e.n, 0);
  if (!exact && upper > limits.exactLimit) {
    if (worst <= CUBE_MAX_ERROR * sure) return { count: Math.round(estimate), estimated: true };
    const sampled = await sampleEdges(shaped, estimate);
    if (sampled !== null) return { count: Math.round(sure + sampled), estimated: true };
  }

  const small = !exact && upper <= limits.exactLimit && exactSmall ? exactSmall(upper) : null;
  if (small) return { count: await small, estimated: false };
  return { count: sure + (await countEdges(spread)), estimated: false };

  /**
   * A large result whose edge bands are too large for the interpolation's guarantee. An edge whose
   * worst case is small (≤ a quarter of the 2 % allowance) stays interpolated, its worst case
   * counted against the allowance; for the others the share of the band inside the search's range
   * is measured in a uniform sample of the band (the rows with `bucket < b`, read through a
   * location's or the table's bucket index) and applied to the band's exact count from the cube.
   * Returned only when the interpolated edges' worst case plus two standard errors of the sampled
   * ones are within CUBE_MAX_ERROR of the whole estimate (so within 2 % about 95 % of the time,
   * like the sampled counts of search-query.ts); else null, and the edges are counted.
   */
  async function sampleEdges(list: (Edge & { n: number; share: number; worst: number })[], approx: number): Promise<number | null> {
    const allowance = CUBE_MAX_ERROR * approx;
    const interpolated = list.filter((e) => e.worst <= allowance / 4);
    const sampled = list.filter((e) => e.worst > allowance / 4);
    const interpolatedWorst = interpolated.reduce((sum, e) => sum + e.worst, 0);
    const interpolatedTotal = interpolated.reduce((sum, e) => sum + e.share * e.n, 0);
    if (!sampled.length) return interpolatedWorst <= allowance ? interpolatedTotal : null;
    // Buckets (n_i ≈ E_i · b / 1024 rows a band) so that, with p(1 − p) ≤ 1/4, two standard errors
    // fit in what the interpolated edges leave of the allowance, and every band has enough rows;
    // half again for margin.
    const left = allowance - interpolatedWorst;
    const bandTotal = sampled.reduce((sum, e) => sum + e.n, 0);
    const forError = (1024 * bandTotal) / (left / 2) ** 2 / 4;
    const forRows = (SAMPLE_MIN_ROWS * 1024) / Math.min(...sampled.map((e) => e.n));
    const needed = 1.5 * Math.max(forError, forRows);
    if (left <= 0 || needed > SAMPLE_BUCKETS_MAX) return null;
    const buckets = Math.max(SAMPLE_BUCKETS_MIN, Math.ceil(needed));
    const base = table.conditionsOf(withoutRange(filters, measure!));
    const inBand = (e: Edge) => and(gte(column, bandLower(e.band)), Number.isFinite(bandUpper(e.band)) ? lt(column, bandUpper(e.band)) : undefined);
    const inRange = and(min !== undefined ? gte(column, min) : undefined, max !== undefined ? sql`${column} <= ${max}` : undefined);
    const fields = Object.fromEntries(
      sampled.flatMap((e, i) => [
        [`n${i}`, sql<number>`count(*) FILTER (WHERE ${inBand(e)})::int`],
        [`m${i}`, sql<number>`count(*) FILTER (WHERE ${and(inBand(e), inRange)})::int`],
      ]),
    );
    const [row] = await db
      .select(fields)
      .from(s)
      .where(and(...base, lt(s.bucket, buckets), sql`(${sql.join(sampled.map((e) => sql`(${inBand(e)})`), sql` OR `)})`));
    let total = interpolatedTotal;
    let variance = 0;
    for (const [i, e] of sampled.entries()) {
      const n = Number(row?.[`n${i}`] ?? 0);
      const m = Number(row?.[`m${i}`] ?? 0);
      if (n < SAMPLE_MIN_ROWS) return null;
      const p = m / n;
      total += e.n * p;
      // Binomial variance of the share, never taken as zero (a share of 0 or 1 in a small sample).
      variance += (e.n * e.n * (p * (1 - p) + 1 / n)) / n;
    }
    return interpolatedWorst + 2 * Math.sqrt(variance) <= allowance ? total : null;
  }

  /**
   * The search's matches inside the edge bands, in one statement: one index-only count per band
   * (the band bounds the scan of the price index), added up.
   */
  async function countEdges(list: Edge[]): Promise<number> {
    const shape = list.map((e) => e.within?.op ?? '-').join('');
    const edgeCounts = statement(db, `edges:${shape}:${filterShape(filters)}`, () => {
      const inSearch = table.conditionsOf(filters, true);
      const counts = list.map((e, i) => {
        const bound = e.within && (e.within.op === 'lt' ? lt : gte)(column, sql.placeholder(`edge${i}`));
        return sql`(SELECT count(*) FROM ${s} WHERE ${and(...inSearch, bound)})`;
      });
      return db.select({ n: sql<number>`(${sql.join(counts, sql` + `)})::int` }).from(sql`(SELECT 1) AS one`).prepare('');
    });
    const bounds = Object.fromEntries(list.map((e, i) => [`edge${i}`, e.within?.value]));
    const [row] = await edgeCounts.execute({ ...table.values, ...bounds });
    return Number(row?.n ?? 0);
  }
}

/** Which of the cube's own dimensions a search filters on (its cube statement's shape). */
function cubeShape(filters: Filters): string {
  return (['proposito', 'propiedad', 'habitaciones', 'moneda'] as const).filter((k) => filters[k] !== undefined).join(',');
}
