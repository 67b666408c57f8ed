/**
 * A search's count (docs/decisions/0005-search-table-and-estimated-counts.md), read where plan.ts
 * says: the facet table (no filter, a lone place, region or locality), the count cube (cube.ts),
 * or the narrow search table `anuncio_search` (only searchable listings are in it, its indexes
 * cover every filter column): exact up to `exactLimit` matches, above it estimated from a uniform
 * sample of about `sampleTarget` matching rows (standard error ≈ 1 %) and flagged as such.
 */
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type Filters } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, anuncios, searchFacets, type AnuncioRow } from '../db/schema';
import { statement } from '../db/statements';
import { filterCodes } from './codes';
import { cubeCount } from './cube';
import { filterShape, searchWhere, type SearchWhere } from './filters';
import { COUNT_LIMITS, type CountedPage, type CountLimits } from './limits';
import { orderBy, type OrderDef } from './orders';
import { afterCoarseSample, COARSE_BUCKETS, cubePlan, facetOf, pageWithCount, SAMPLE_BUCKETS } from './plan';

async function countWhere(db: Db, where: SQL | undefined, limit?: number): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(s).where(where);
  const counted = limit === undefined ? matching : matching.limit(limit);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(counted.as('m'));
  return Number(row?.n ?? 0);
}

/** Exact counts read from the facet table, when plan.ts says it has them. */
async function facetCount(db: Db, filters: Filters): Promise<number | null> {
  const facet = facetOf(filters);
  if (!facet) return null;
  const [row] = await db
    .select({ n: searchFacets.n })
    .from(searchFacets)
    .where(and(eq(searchFacets.kind, facet.kind), eq(searchFacets.value, facet.value)));
  return Math.max(0, row?.n ?? 0);
}

/** The page the caller is about to read, in its order, and how many listings are searchable (plan.ts walks). */
export interface PageAsked {
  offset: number;
  order: OrderDef;
  searchable?: number;
}

/**
 * A small result's exact count and one of its pages in one statement: its matches (at most `cap`)
 * are read once, through the filters' best index, then counted and sorted in the page's order.
 * It replaces the count of the cube's edge bands and the page's own scan of the same matches
 * (decision 0005, session 10). The page is only read when the count is under `cap` (otherwise
 * its keys would not be the first ones).
 */
function countedPageStatement(db: Db, filters: Filters, where: SearchWhere, order: OrderDef) {
  return statement(db, `counted-page:${order.name}:${filterShape(filters)}`, () => {
    const cap = sql.placeholder('cap');
    const matches = db
      .$with('matches')
      .as(db.select({ seq: s.seq, price: s.price, priceRd: s.priceRd, metros: s.metros }).from(s).where(and(...where.conditionsOf(filters, true))).limit(cap));
    const n = sql`(SELECT count(*) FROM matches)`;
    const inOrder = sql.join(orderBy(order, { seq: sql`seq`, price: sql`price`, priceRd: sql`price_rd`, metros: sql`metros` }, { filters }), sql`, `);
    const keys = sql`ARRAY(SELECT seq FROM matches WHERE ${n} < ${cap} ORDER BY ${inOrder} LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')})`;
    return db
      .with(matches)
      .select({ n: sql<number>`${n}::int`, row: anuncios })
      .from(sql`(SELECT 1) AS one`)
      .leftJoin(anuncios, sql`${anuncios.seq} = ANY(${keys})`)
      .orderBy(...orderBy(order, anuncios, { filters }))
      .prepare('');
  });
}

async function countedPage(db: Db, filters: Filters, where: SearchWhere, asked: PageAsked, cap: number): Promise<{ count: number; rows: AnuncioRow[] }> {
  const found = await countedPageStatement(db, filters, where, asked.order).execute({ ...where.values, cap, offset: asked.offset, limit: PAGE_SIZE });
  const rows = found.flatMap((r) => (r.row ? [r.row] : []));
  return { count: Number(found[0]?.n ?? 0), rows };
}

/** A count above exactLimit on the search table: sampled, or counted when plan.ts says a fine sample would cost as much. */
async function sampledCount(db: Db, filters: Filters, conditions: SQL[], limits: CountLimits): Promise<CountedPage> {
  const sample = async (buckets: number) => {
    const n = await countWhere(db, and(...conditions, lt(s.bucket, buckets)));
    return { n, estimate: Math.round((n * SAMPLE_BUCKETS) / buckets) };
  };
  const coarse = await sample(COARSE_BUCKETS);
  const next = afterCoarseSample(filters, coarse, limits);
  if (next.by === 'coarse') return { count: coarse.estimate, estimated: true };
  if (next.by === 'exact') return { count: await countWhere(db, and(...conditions)), estimated: false };
  return { count: (await sample(next.buckets)).estimate, estimated: true };
}

/**
 * The count of `filters`. With `asked`, a result known to be small (at most exactLimit matches,
 * and plan.ts `pageWithCount`) is counted together with that page, which comes back in `page`
 * (the page need not be read again).
 */
export async function searchCount(db: Db, filters: Filters, limits: CountLimits = COUNT_LIMITS, asked?: PageAsked): Promise<CountedPage> {
  const fromFacets = await facetCount(db, filters);
  if (fromFacets !== null) return { count: fromFacets, estimated: false };
  const codes = await filterCodes(db, filters);
  if (!codes) return asked ? { count: 0, estimated: false, page: { offset: asked.offset, rows: [] } } : { count: 0, estimated: false };
  const table = searchWhere(filters, codes);
  let page: CountedPage['page'];
  const withPage = async (cap: number) => {
    const counted = await countedPage(db, filters, table, asked!, cap);
    if (counted.count < cap) page = { offset: asked!.offset, rows: counted.rows };
    return counted.count;
  };
  const exactSmall = asked && ((atMost: number) => (pageWithCount(asked.order, atMost, asked.offset, asked.searchable) ? withPage(limits.exactLimit + 1) : null));
  const cube = limits.cube ? cubePlan(filters) : null;
  const fromCube = cube ? await cubeCount(db, filters, cube, table, limits, false, exactSmall) : null;
  if (fromCube) return page ? { ...fromCube, page } : fromCube;
  const conditions = table.conditionsOf(filters);
  const capped = asked ? await withPage(limits.exactLimit + 1) : await countWhere(db, and(...conditions), limits.exactLimit + 1);
  if (capped <= limits.exactLimit) return page ? { count: capped, estimated: false, page } : { count: capped, estimated: false };
  return sampledCount(db, filters, conditions, limits);
}

/** The exact count, whatever its cost (the last pages of an estimated result need it). */
export async function searchCountExact(db: Db, filters: Filters, limits: CountLimits = COUNT_LIMITS): Promise<number> {
  const fromFacets = await facetCount(db, filters);
  if (fromFacets !== null) return fromFacets;
  const codes = await filterCodes(db, filters);
  if (!codes) return 0;
  const table = searchWhere(filters, codes);
  const cube = limits.cube ? cubePlan(filters) : null;
  const fromCube = cube ? await cubeCount(db, filters, cube, table, limits, true) : null;
  return fromCube ? fromCube.count : countWhere(db, and(...table.conditionsOf(filters)));
}
