/**
 * Counts from the count cube `search_cube` (migration 0010, docs/decisions/0005-search-table-and-estimated-counts.md):
 * the trigger on `anuncios` keeps, per location (all, one region, place or locality), how many
 * searchable listings share each (proposito, propiedad, rooms, moneda, price band). A search's
 * count is then the sum of the cells it covers entirely, plus its partial edge bands (the band of
 * the minimum price and that of the maximum): those are interpolated inside the band when the
 * worst case of that interpolation is within 2 % of the sure part (flagged as an estimate),
 * sampled (cube-edges.ts) or counted exactly, through the price index restricted to the band.
 *
 * A search by area (metrosMin/metrosMax, no price bound) is counted the same way from the area
 * cube `search_cube_area` (migration 0011), whose cells have an area band instead of the price
 * bands. Which searches the cubes count is plan.ts `cubePlan`.
 */
import { and, eq, gte, sql, type AnyColumn } from 'drizzle-orm';
import type { Filters } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, searchCube, searchCubeArea } from '../db/schema';
import { statement } from '../db/statements';
import { countEdges, sampleEdges, type Edge, type EdgeSearch } from './cube-edges';
import { FILTERS, type SearchWhere } from './filters';
import type { Counted, CountLimits } from './limits';
import type { CubePlan } from './plan';

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
/** An estimate is given only when its worst case is within this fraction of the count. */
export const CUBE_MAX_ERROR = 0.02;

/** SQL width_bucket(v, bands): how many lower bounds are ≤ v (band 0 is below the first). */
function bandOf(bands: readonly number[], value: number): number {
  let lo = 0;
  let hi = bands.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bands[mid]! <= value) lo = mid + 1;
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
  /** The statement shape's name of the measure. */
  name: 'area' | 'own' | 'rd';
  cube: typeof searchCube | typeof searchCubeArea;
  bands: readonly number[];
  /** The cube's band column and the search table's column it bands. */
  band: AnyColumn;
  value: AnyColumn;
  min?: number;
  max?: number;
}

function measureOf(filters: Filters, plan: CubePlan): Measure {
  if (plan.measure === 'area') {
    return { name: 'area', cube: searchCubeArea, bands: AREA_BANDS, band: searchCubeArea.bandArea, value: s.metros, min: filters.metrosMin, max: filters.metrosMax };
  }
  const own = Boolean(filters.moneda);
  const band = own ? searchCube.bandOwn : searchCube.bandRd;
  return { name: own ? 'own' : 'rd', cube: searchCube, bands: PRICE_BANDS, band, value: own ? s.price : s.priceRd, min: filters.precioMin, max: filters.precioMax };
}

/** The bands a range covers: those entirely inside (fullFrom..fullTo) and the partial edges. */
function bandsOf(m: Measure) {
  const { bands, min, max } = m;
  const lower = (k: number) => (k > 0 ? bands[k - 1]! : 0);
  const upper = (k: number) => (k < bands.length ? bands[k]! : Infinity);
  const kMin = min === undefined ? 0 : bandOf(bands, min);
  const kMax = max === undefined ? bands.length : bandOf(bands, max);
  const edges: Edge[] = [];
  const minCut = min !== undefined && min > lower(kMin);
  if (kMin === kMax && (minCut || max !== undefined)) {
    edges.push({ band: kMin, from: min ?? lower(kMin), to: max ?? upper(kMin), within: min === undefined ? { op: 'gte', value: lower(kMin) } : undefined });
  } else {
    if (minCut) edges.push({ band: kMin, from: min, to: upper(kMin), within: { op: 'lt', value: upper(kMin) } });
    if (max !== undefined) edges.push({ band: kMax, from: lower(kMax), to: max, within: { op: 'gte', value: lower(kMax) } });
  }
  return { kMin, kMax, edges, fullFrom: minCut ? kMin + 1 : kMin, fullTo: max !== undefined ? kMax - 1 : kMax, lower, upper };
}

/** Which of the cube's cell dimensions a search filters on (its cube statement's shape). */
function cubeShape(filters: Filters): string {
  return FILTERS.filter((f) => (f.cube === 'cell' || f.cube === 'rooms') && filters[f.key] !== undefined)
    .map((f) => f.key)
    .join(',');
}

/** The sums of the cells a search covers: the full bands, and the bands of its two edges. */
async function cubeSums(db: Db, filters: Filters, plan: CubePlan, m: Measure, b: ReturnType<typeof bandsOf>) {
  // One statement per shape (db/statements.ts): the cube, the filters it has; values below.
  const sums = statement(db, `cube:${m.name}:${cubeShape(filters)}`, () => {
    const slot = sql.placeholder;
    const c = m.cube;
    const cells = [
      eq(c.kind, slot('kind')),
      eq(c.loc, slot('loc')),
      filters.proposito ? eq(c.proposito, slot('proposito')) : undefined,
      filters.propiedad ? eq(c.propiedad, slot('propiedad')) : undefined,
      filters.habitaciones !== undefined ? gte(c.rooms, slot('habitaciones')) : undefined,
      filters.moneda ? eq(c.moneda, slot('moneda')) : undefined,
      sql`${m.band} BETWEEN ${slot('kMin')} AND ${slot('kMax')}`,
    ];
    return db
      .select({
        full: sql<string | null>`sum(${c.n}) FILTER (WHERE ${m.band} BETWEEN ${slot('fullFrom')} AND ${slot('fullTo')})`,
        lo: sql<string | null>`sum(${c.n}) FILTER (WHERE ${m.band} = ${slot('kMin')})`,
        hi: sql<string | null>`sum(${c.n}) FILTER (WHERE ${m.band} = ${slot('kMax')})`,
      })
      .from(c)
      .where(and(...cells))
      .prepare('');
  });
  const [row] = await sums.execute({ ...filters, kind: plan.kind, loc: plan.loc, kMin: b.kMin, kMax: b.kMax, fullFrom: b.fullFrom, fullTo: b.fullTo });
  return { full: Number(row?.full ?? 0), lo: Number(row?.lo ?? 0), hi: Number(row?.hi ?? 0) };
}

/**
 * The count of `filters` from the cube (plan.ts said it can). `exact` forces an exact count (the
 * last pages of a result); otherwise a count above `limits.exactLimit` whose edge bands are
 * interpolated within CUBE_MAX_ERROR in the worst case, or sampled within it about 95 % of the
 * time, is estimated.
 */
export async function cubeCount(
  db: Db,
  filters: Filters,
  plan: CubePlan,
  /** The search table's conditions of these filters (by their codes) and its statements' values. */
  table: SearchWhere,
  limits: CountLimits,
  exact = false,
  /**
   * The exact count of a result known to have at most `atMost` (≤ exactLimit) matches, when the
   * caller can count them together with something else (count.ts: its page); null when it
   * declines, and the edge bands are counted.
   */
  exactSmall?: (atMost: number) => Promise<number> | null,
): Promise<Counted> {
  const m = measureOf(filters, plan);
  if (m.min !== undefined && m.max !== undefined && m.min > m.max) return { count: 0, estimated: false };
  const b = bandsOf(m);
  const sums = await cubeSums(db, filters, plan, m, b);
  const partial = b.edges.map((e) => ({ ...e, n: e.band === b.kMin ? sums.lo : sums.hi })).filter((e) => e.n > 0);
  if (!partial.length) return { count: sums.full, estimated: false };
  const search: EdgeSearch = { db, filters, table, column: m.value, lower: b.lower, upper: b.upper, min: m.min, max: m.max, measure: m.name };

  // A maximum on a band's lower bound (precioMax 5.000.000) leaves only listings at exactly that
  // price in its band: an equality on the price index, always counted.
  const points = partial.filter((e) => e.from === e.to);
  const spread = partial.filter((e) => e.from !== e.to);
  if (!spread.length) return { count: sums.full + (await countEdges(search, points)), estimated: false };
  const sure = sums.full + (points.length ? await countEdges(search, points) : 0);

  const shaped = spread.map((e) => {
    const width = b.upper(e.band) - b.lower(e.band);
    // Linear inside the band; the open-ended top band is taken as half.
    const share = Number.isFinite(width) ? Math.min(1, Math.max(0, (e.to - e.from) / width)) : 0.5;
    return { ...e, share, worst: Math.max(share, 1 - share) * e.n };
  });
  const estimate = sure + shaped.reduce((sum, e) => sum + e.share * e.n, 0);
  const worst = shaped.reduce((sum, e) => sum + e.worst, 0);
  const upper = sure + shaped.reduce((sum, e) => sum + e.n, 0);
  if (!exact && upper > limits.exactLimit) {
    if (worst <= CUBE_MAX_ERROR * sure) return { count: Math.round(estimate), estimated: true };
    const sampled = await sampleEdges(search, shaped, CUBE_MAX_ERROR * estimate);
    if (sampled !== null) return { count: Math.round(sure + sampled), estimated: true };
  }

  const small = !exact && upper <= limits.exactLimit && exactSmall ? exactSmall(upper) : null;
  if (small) return { count: await small, estimated: false };
  return { count: sure + (await countEdges(search, spread)), estimated: false };
}
