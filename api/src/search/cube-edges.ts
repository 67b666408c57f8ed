/**
 * The partial edge bands of a cube count (cube.ts): the band of a search's minimum and that of its
 * maximum, which the cube holds whole. They are counted on the search table, restricted to the
 * band (`countEdges`), or, for a large result, measured in a uniform sample of the band
 * (`sampleEdges`, decision 0005 session 8).
 */
import { and, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import type { Filters } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s } from '../db/schema';
import { statement } from '../db/statements';
import { filterShape, type SearchWhere } from './filters';

export interface Edge {
  band: number;
  /** The part of the band the search covers: [from, to] within [lower, upper). */
  from: number;
  to: number;
  /** The extra bound that restricts the search to this band, if its own bounds do not. */
  within?: { op: 'lt' | 'gte'; value: number };
}

/** The search whose edges are read, and the measure (price or area column) its range runs on. */
export interface EdgeSearch {
  db: Db;
  filters: Filters;
  table: SearchWhere;
  column: AnyColumn;
  lower(band: number): number;
  upper(band: number): number;
  min?: number;
  max?: number;
  measure: 'area' | 'own' | 'rd';
}

/** Edge samples: at least 1/128 of the rows (the coarse sample's size), at most 1/16. */
const SAMPLE_BUCKETS_MIN = 8;
const SAMPLE_BUCKETS_MAX = 64;
/** Fewer sampled rows in an edge band than this, and the band is counted instead. */
const SAMPLE_MIN_ROWS = 30;

/** The filters without the bounds of the measure's range (the rest of the search). */
function withoutRange(filters: Filters, measure: EdgeSearch['measure']): Filters {
  const rest = { ...filters };
  if (measure === 'area') {
    delete rest.metrosMin;
    delete rest.metrosMax;
  } else {
    delete rest.precioMin;
    delete rest.precioMax;
  }
  return rest;
}

/**
 * The search's matches inside the edge bands, in one statement: one index-only count per band
 * (the band bounds the scan of the price or area index), added up.
 */
export async function countEdges(search: EdgeSearch, list: Edge[]): Promise<number> {
  const { db, filters, table, column } = search;
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

type ShapedEdge = Edge & { n: number; share: number; worst: number };

/** How many of 1024 buckets to sample so the sampled edges fit the allowance, or null when too many. */
function sampleBuckets(sampled: ShapedEdge[], left: number): number | null {
  // Buckets (n_i ≈ E_i · b / 1024 rows a band) so that, with p(1 − p) ≤ 1/4, two standard errors
  // fit in what the interpolated edges leave of the allowance, and every band has enough rows;
  // half again for margin.
  const bandTotal = sampled.reduce((sum, e) => sum + e.n, 0);
  const forError = (1024 * bandTotal) / (left / 2) ** 2 / 4;
  const forRows = (SAMPLE_MIN_ROWS * 1024) / Math.min(...sampled.map((e) => e.n));
  const needed = 1.5 * Math.max(forError, forRows);
  if (left <= 0 || needed > SAMPLE_BUCKETS_MAX) return null;
  return Math.max(SAMPLE_BUCKETS_MIN, Math.ceil(needed));
}

/**
 * A large result whose edge bands are too large for the interpolation's guarantee. An edge whose
 * worst case is small (≤ a quarter of the allowance) stays interpolated, its worst case counted
 * against the allowance; for the others the share of the band inside the search's range is
 * measured in a uniform sample of the band (the rows with `bucket < b`, read through a
 * location's or the table's bucket index) and applied to the band's exact count from the cube.
 * Returned only when the interpolated edges' worst case plus two standard errors of the sampled
 * ones are within the allowance (so within 2 % about 95 % of the time, like the sampled counts
 * of count.ts); else null, and the edges are counted.
 */
export async function sampleEdges(search: EdgeSearch, list: ShapedEdge[], allowance: number): Promise<number | null> {
  const { db, filters, table, column, lower, upper, min, max } = search;
  const interpolated = list.filter((e) => e.worst <= allowance / 4);
  const sampled = list.filter((e) => e.worst > allowance / 4);
  const interpolatedWorst = interpolated.reduce((sum, e) => sum + e.worst, 0);
  const interpolatedTotal = interpolated.reduce((sum, e) => sum + e.share * e.n, 0);
  if (!sampled.length) return interpolatedWorst <= allowance ? interpolatedTotal : null;
  const left = allowance - interpolatedWorst;
  const buckets = sampleBuckets(sampled, left);
  if (buckets === null) return null;
  const base = table.conditionsOf(withoutRange(filters, search.measure));
  const inBand = (e: Edge) => and(gte(column, lower(e.band)), Number.isFinite(upper(e.band)) ? lt(column, upper(e.band)) : undefined);
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
