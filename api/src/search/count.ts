/**
 * The SQL of the public search (docs/decisions/0005-search-table-and-estimated-counts.md). Filters, counts and page
 * keys are read from the narrow `anuncio_search` table (only searchable listings are in it, its
 * indexes cover every filter column); only the 12 rows of the page are read from `anuncios`.
 *
 * Counts are exact up to `exactLimit` matches (and always for the home page and a lone place,
 * region or locality, read from `search_facets`); above it they are estimated from a uniform
 * sample of about `sampleTarget` matching rows (standard error ≈ 1 %) and flagged as such.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Anuncio, Filters } from 'shared-contracts';
import { PAGE_SIZE } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, anuncios, searchFacets, type AnuncioRow } from '../db/schema';
import { codeSlot, codeValues, filterCodes, type CodedFilter, type FilterCodes } from './search-codes';
import { cubeCount } from './search-cube';
import { statement } from '../db/statements';
import { filterShape } from './search-statements';

export interface OptionLists {
  placeOptions: string[];
  regionOptions: string[];
  localityOptions: string[];
}

export const spanishCollator = new Intl.Collator('es', { sensitivity: 'base' });

/** The filter columns of one searchable listing, and its place in the order: what a write tells the caches it changed. */
export interface SearchRow {
  seq: number;
  place: string;
  region: string;
  locality: string;
  proposito: string;
  propiedad: string;
  habitaciones: number | null;
  metros: number | null;
  moneda: string;
  price: number;
  priceRd: number;
}

/** A row that entered the searchable listings, with its card as a search page shows it (when known). */
export type EnteredRow = SearchRow & { card?: Anuncio };

/** Which searchable rows a write took out and which it put in (search-cache.ts moves and patches by them). */
export interface Moved {
  left: SearchRow[];
  entered: EnteredRow[];
}

export interface Counted {
  count: number;
  /** True when the count is an estimate (within about 2 %), false when exact. */
  estimated: boolean;
}

export interface CountLimits {
  /** At most this many matches are counted one by one before the count is estimated. */
  exactLimit: number;
  /** Matching rows read from the sample for an estimate: relative standard error 1/√10000 = 1 %. */
  sampleTarget: number;
  /**
   * Estimated below this, a full exact count costs no more than a fine sample would, when the
   * sample must come from the whole table (no province, place, type or purpose filter). With one
   * of those, the sample reads only that prefix (stratified indexes) and the band shrinks to
   * 2 × sampleTarget.
   */
  exactUpTo: number;
  /** Counts from the count cube when it can answer (search-cube.ts); false only to measure without it. */
  cube: boolean;
}
export const COUNT_LIMITS: CountLimits = { exactLimit: 5000, sampleTarget: 10_000, exactUpTo: 100_000, cube: true };
const BUCKETS = 1024;
/** The first, coarse sample: 8 of 1024 buckets (1/128 of the table). */
const COARSE_BUCKETS = 8;
/** From this offset on, a page is read from the far end when that end is closer, or from an anchor. */
export const FAR_END_FROM = 1200;
/** Anchors: the seq found every ANCHOR_EVERY matches, newest first. */
export const ANCHOR_EVERY = 1000;

/**
 * SPEC §3 "Filters": exact matches, rooms "at least", inclusive ranges, RD$ when no currency, on
 * the search table, whose place, region, locality, purpose, type and currency are `codes`
 * (search-codes.ts). `slots`: each value a placeholder named after its filter, a code's after
 * `codeSlot` (a statement built once per shape, search-statements.ts, run with `slotValues`).
 */
export function searchConditions(filters: Filters, codes: FilterCodes, slots = false): SQL[] {
  const value = <K extends keyof Filters>(key: K) => (slots ? sql.placeholder(key) : (filters[key] as NonNullable<Filters[K]>));
  const code = (kind: CodedFilter) => (slots ? sql.placeholder(codeSlot(kind)) : codes[kind]!);
  const where: SQL[] = [];
  if (filters.place) where.push(eq(s.place, code('place')));
  if (filters.locality) where.push(eq(s.locality, code('locality')));
  if (filters.region) where.push(eq(s.region, code('region')));
  if (filters.proposito) where.push(eq(s.proposito, code('proposito')));
  if (filters.propiedad) where.push(eq(s.propiedad, code('propiedad')));
  if (filters.habitaciones !== undefined) where.push(gte(s.habitaciones, value('habitaciones')));
  if (filters.metrosMin !== undefined) where.push(gte(s.metros, value('metrosMin')));
  if (filters.metrosMax !== undefined) where.push(lte(s.metros, value('metrosMax')));
  const priceColumn = filters.moneda ? s.price : s.priceRd;
  if (filters.moneda) where.push(eq(s.moneda, code('moneda')));
  if (filters.precioMin !== undefined) where.push(gte(priceColumn, value('precioMin')));
  if (filters.precioMax !== undefined) where.push(lte(priceColumn, value('precioMax')));
  return where;
}

/** The values of a statement built by searchConditions with slots: the filters and their codes. */
export function slotValues(filters: Filters, codes: FilterCodes): Record<string, unknown> {
  return { ...filters, ...codeValues(codes) };
}

/** A search's conditions on the search table, and its statements' values, for its codes. */
export interface SearchWhere {
  conditionsOf(filters: Filters, slots?: boolean): SQL[];
  values: Record<string, unknown>;
}

function searchWhere(filters: Filters, codes: FilterCodes): SearchWhere {
  return { conditionsOf: (f, slots) => searchConditions(f, codes, slots), values: slotValues(filters, codes) };
}

const atLeast = (value: number | null, min: number | undefined) => min === undefined || (value !== null && value >= min);
const atMost = (value: number | null, max: number | undefined) => max === undefined || (value !== null && value <= max);

/**
 * The same rules in JavaScript: does a search with `filters` list this row? A write runs it for
 * every cached entry (thousands), so it creates no function per call: under tsx each function
 * created also names itself (a property definition), which made the invalidation of a write the
 * API's costliest work in the mixed benchmark (21 % of its CPU profile).
 */
export function matchesFilters(filters: Filters, row: SearchRow): boolean {
  const price = filters.moneda ? row.price : row.priceRd;
  return (
    (!filters.place || row.place === filters.place) &&
    (!filters.locality || row.locality === filters.locality) &&
    (!filters.region || row.region === filters.region) &&
    (!filters.proposito || row.proposito === filters.proposito) &&
    (!filters.propiedad || row.propiedad === filters.propiedad) &&
    atLeast(row.habitaciones, filters.habitaciones) &&
    atLeast(row.metros, filters.metrosMin) &&
    atMost(row.metros, filters.metrosMax) &&
    (!filters.moneda || row.moneda === filters.moneda) &&
    atLeast(price, filters.precioMin) &&
    atMost(price, filters.precioMax)
  );
}

/**
 * The same filters as an object with every member, always in the same order. Filters parsed from
 * requests name different members in different orders, so each combination has its own hidden
 * class in V8, and matchesFilters run over thousands of cached ones is megamorphic: each property
 * read goes through a slow lookup. The cache keeps its filters in this one shape (measured: the
 * invalidation of a write at about 1.35 µs per cached entry it looks at, most of it those reads).
 */
export function matchable(filters: Filters): Filters {
  return {
    place: filters.place,
    locality: filters.locality,
    region: filters.region,
    proposito: filters.proposito,
    propiedad: filters.propiedad,
    habitaciones: filters.habitaciones,
    metrosMin: filters.metrosMin,
    metrosMax: filters.metrosMax,
    moneda: filters.moneda,
    precioMin: filters.precioMin,
    precioMax: filters.precioMax,
  };
}

/**
 * Whether a listing is searchable: the SQL function anuncio_searchable() (migration 0007), which
 * the search table follows; this copy only tells the caches which counts a write moved
 * (search-cache.ts), and a test checks that both agree on every combination.
 */
export function isSearchable(row: Pick<AnuncioRow, 'status' | 'estado' | 'bloqueado'>): boolean {
  return row.status === 'published' && row.estado === 'activo' && !row.bloqueado;
}

/**
 * The change a write made to the searchable listings, from the listing before and after it (null:
 * none). With `card` (serialize.ts toAnuncio), the listing that entered carries its card, so the
 * cached pages it enters are patched rather than read again (page-patch.ts).
 */
export function searchChangeOf(
  before: AnuncioRow | null,
  after: AnuncioRow | null,
  card?: (row: AnuncioRow) => Anuncio,
): { rows: SearchRow[]; moved: Moved } {
  const rows = [before, after].flatMap((r) => (r ? [searchRowOf(r)] : []));
  const left = before && isSearchable(before) ? [searchRowOf(before)] : [];
  const entered = after && isSearchable(after) ? [card ? { ...searchRowOf(after), card: card(after) } : searchRowOf(after)] : [];
  return { rows, moved: { left, entered } };
}

export function searchRowOf(row: AnuncioRow): SearchRow {
  const { seq, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, priceRd } = row;
  return { seq, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, priceRd };
}

async function countWhere(db: Db, where: SQL | undefined, limit?: number): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(s).where(where);
  const counted = limit === undefined ? matching : matching.limit(limit);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(counted.as('m'));
  return Number(row?.n ?? 0);
}

/** Exact counts read from the facet table: no filter, or a lone place, region or locality. */
async function facetCount(db: Db, filters: Filters): Promise<number | null> {
  const keys = Object.keys(filters) as (keyof Filters)[];
  if (keys.length > 1) return null;
  let kind: 'all' | 'place' | 'region' | 'locality' = 'all';
  let value = '';
  if (keys.length === 1) {
    const only = keys[0];
    if (only !== 'place' && only !== 'region' && only !== 'locality') return null;
    kind = only;
    value = String(filters[only]);
  }
  const [row] = await db
    .select({ n: searchFacets.n })
    .from(searchFacets)
    .where(and(eq(searchFacets.kind, kind), eq(searchFacets.value, value)));
  return Math.max(0, row?.n ?? 0);
}

/** A count, and when it was read together with its matches, the page asked for (searchCount's `asked`). */
export interface CountedPage extends Counted {
  page?: { offset: number; rows: AnuncioRow[] };
}

/** The page the caller is about to read, and how many listings are searchable (walkLength). */
export interface PageAsked {
  offset: number;
  searchable?: number;
}

/**
 * A small result's exact count and one of its pages in one statement: its matches (at most `cap`)
 * are read once, through the filters' best index, then counted and sorted. It replaces the count
 * of the cube's edge bands and the page's own scan of the same matches (decision 0005, session 10).
 * The page is only read when the count is under `cap` (otherwise its keys would not be the newest).
 */
function countedPageStatement(db: Db, filters: Filters, where: SearchWhere) {
  return statement(db, `counted-page:${filterShape(filters)}`, () => {
    const cap = sql.placeholder('cap');
    const matches = db.$with('matches').as(db.select({ seq: s.seq }).from(s).where(and(...where.conditionsOf(filters, true))).limit(cap));
    const n = sql`(SELECT count(*) FROM matches)`;
    const keys = sql`ARRAY(SELECT seq FROM matches WHERE ${n} < ${cap} ORDER BY seq DESC LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')})`;
    return db
      .with(matches)
      .select({ n: sql<number>`${n}::int`, row: anuncios })
      .from(sql`(SELECT 1) AS one`)
      .leftJoin(anuncios, sql`${anuncios.seq} = ANY(${keys})`)
      .orderBy(desc(anuncios.seq))
      .prepare('');
  });
}

async function countedPage(db: Db, filters: Filters, where: SearchWhere, offset: number, cap: number): Promise<{ count: number; rows: AnuncioRow[] }> {
  const found = await countedPageStatement(db, filters, where).execute({ ...where.values, cap, offset, limit: PAGE_SIZE });
  const rows = found.flatMap((r) => (r.row ? [r.row] : []));
  return { count: Number(found[0]?.n ?? 0), rows };
}

/**
 * The count of `filters`. With `asked`, a result known to be small (at most exactLimit matches,
 * sparse enough that its page would not be found by a walk over the newest listings) is counted
 * together with that page, which comes back in `page` (searchPage need not read it again).
 */
export async function searchCount(db: Db, filters: Filters, limits: CountLimits = COUNT_LIMITS, asked?: PageAsked): Promise<CountedPage> {
  const fromFacets = await facetCount(db, filters);
  if (fromFacets !== null) return { count: fromFacets, estimated: false };
  const codes = await filterCodes(db, filters);
  if (!codes) return asked ? { count: 0, estimated: false, page: { offset: asked.offset, rows: [] } } : { count: 0, estimated: false };
  const table = searchWhere(filters, codes);
  let page: CountedPage['page'];
  const withPage = async (cap: number) => {
    const counted = await countedPage(db, filters, table, asked!.offset, cap);
    if (counted.count < cap) page = { offset: asked!.offset, rows: counted.rows };
    return counted.count;
  };
  // The walk reads a dense small result's page more cheaply than a scan of all its matches.
  const sparse = (atMost: number) => !(asked!.offset + PAGE_SIZE <= atMost && walkLength(atMost, asked!.offset, asked!.searchable) !== null);
  const exactSmall = asked && ((atMost: number) => (sparse(atMost) ? withPage(limits.exactLimit + 1) : null));
  const conditions = table.conditionsOf(filters);
  const fromCube = limits.cube ? await cubeCount(db, filters, table, limits, false, exactSmall) : null;
  if (fromCube) return page ? { ...fromCube, page } : fromCube;
  const where = and(...conditions);
  const capped = asked ? await withPage(limits.exactLimit + 1) : await countWhere(db, where, limits.exactLimit + 1);
  if (capped <= limits.exactLimit) return page ? { count: capped, estimated: false, page } : { count: capped, estimated: false };
  const sample = async (buckets: number) => {
    const n = await countWhere(db, and(...conditions, lt(s.bucket, buckets)));
    return { n, estimate: Math.round((n * BUCKETS) / buckets) };
  };
  const coarse = await sample(COARSE_BUCKETS);
  if (coarse.n >= limits.sampleTarget) return { count: coarse.estimate, estimated: true };
  const stratified = Boolean(filters.region || filters.place || filters.propiedad || filters.proposito);
  const exactUpTo = stratified ? Math.min(limits.exactUpTo, 2 * limits.sampleTarget) : limits.exactUpTo;
  if (coarse.estimate <= exactUpTo) return { count: await countWhere(db, where), estimated: false };
  // Enough buckets for about 1.25 × sampleTarget matches by the coarse estimate.
  const buckets = Math.min(BUCKETS, Math.ceil((BUCKETS * limits.sampleTarget * 1.25) / coarse.estimate));
  if (buckets >= BUCKETS) return { count: await countWhere(db, where), estimated: false };
  const fine = await sample(buckets);
  return { count: fine.estimate, estimated: true };
}

/** The exact count, whatever its cost (the last pages of an estimated result need it). */
export async function searchCountExact(db: Db, filters: Filters, limits: CountLimits = COUNT_LIMITS): Promise<number> {
  const fromFacets = await facetCount(db, filters);
  if (fromFacets !== null) return fromFacets;
  const codes = await filterCodes(db, filters);
  if (!codes) return 0;
  const table = searchWhere(filters, codes);
  const conditions = table.conditionsOf(filters);
  const fromCube = limits.cube ? await cubeCount(db, filters, table, limits, true) : null;
  return fromCube ? fromCube.count : countWhere(db, and(...conditions));
}

/**
 * A small exact result first looks for its page among the newest entries: the newest
 * 3 × (offset + 12) × searchable / count of them (three times where its last match is expected
 * when matches are spread evenly in time; at least WALK_ENTRIES), when that is at most WALK_MAX
 * entries (about 8 ms of index). Without the number of searchable listings: the newest
 * WALK_ENTRIES, for results of at least WALK_FROM matches.
 */
const WALK_FROM = 500;
const WALK_ENTRIES = 4000;
const WALK_MAX = 20_000;

function walkLength(count: number, offset: number, searchable: number | undefined): number | null {
  if (searchable === undefined) return count >= WALK_FROM ? WALK_ENTRIES : null;
  const entries = Math.max(WALK_ENTRIES, Math.ceil((3 * (offset + PAGE_SIZE) * searchable) / count));
  return entries <= WALK_MAX ? entries : null;
}

/** How a page's keys are read (searchPage): each is one statement shape per set of filters. */
type PageRead = 'anchor' | 'walk' | 'sorted' | 'far' | 'newest';

/**
 * The statement that reads a page's keys (`read`) and their rows, newest first, in one round
 * trip, built once per shape. Its values: the filters, and `offset`, `limit`, `entries` (walk),
 * `anchor`.
 */
function pageStatement(db: Db, filters: Filters, read: PageRead) {
  return statement(db, `page:${read}:${filterShape(filters)}`, () => {
    // With slots every code is a placeholder: building the statement needs none of them.
    const where = and(...searchConditions(filters, {}, true));
    const offset = sql.placeholder('offset');
    const limit = sql.placeholder('limit');
    const keys = db.select({ seq: s.seq }).from(s);
    let pageKeys;
    if (read === 'anchor') {
      // At most ANCHOR_EVERY + 12 index entries, whatever the depth.
      pageKeys = keys.where(and(where, lte(s.seq, sql.placeholder('anchor')))).orderBy(desc(s.seq)).limit(limit).offset(offset);
    } else if (read === 'walk') {
      // The newest `entries` listings, aliased as the table itself so the filters'
      // "anuncio_search"."column" name the walked rows.
      const newest = db.select().from(s).orderBy(desc(s.seq)).limit(sql.placeholder('entries')).as('anuncio_search');
      pageKeys = db.select({ seq: newest.seq }).from(newest).where(where).orderBy(desc(newest.seq)).limit(limit).offset(offset);
    } else {
      // `seq + 0` (not the indexed column) makes the planner find the few matches through the
      // filters' index and sort them; `asc` reads from the oldest end.
      const order = read === 'sorted' ? desc(sql`${s.seq} + 0`) : read === 'far' ? asc(s.seq) : desc(s.seq);
      pageKeys = keys.where(where).orderBy(order).limit(limit).offset(offset);
    }
    // `= ANY(ARRAY(keys))`: the keys are an init plan and the rows one index scan, which plans in
    // about 60 % of the time of `IN (keys)` (a semi-join the planner weighs against every index).
    return db.select().from(anuncios).where(sql`${anuncios.seq} = ANY(ARRAY(${pageKeys}))`).orderBy(desc(anuncios.seq)).prepare('');
  });
}

/**
 * The page's 12 listings, newest first, given the count. Few matches (exact, ≤ exactLimit): the
 * keys are found through the filters' best index and sorted, instead of walking the newest-first
 * index until 12 match (which reads the whole table when almost nothing does). Many: that walk
 * is short, and a page in the far half of an exact total is read from the oldest end, so no page
 * skips more than half of the matches. The keys and their rows are one statement (one round trip).
 */
export async function searchPage(
  db: Db,
  filters: Filters,
  page: number,
  total: Counted,
  limits: CountLimits = COUNT_LIMITS,
  anchors?: number[],
  /** How many listings are searchable in all (the home page's count), if known. */
  searchable?: number,
): Promise<AnuncioRow[]> {
  const offset = page * PAGE_SIZE;
  if (!total.estimated && offset >= total.count) return [];
  const codes = await filterCodes(db, filters);
  if (!codes) return [];
  const read = (how: PageRead, values: { offset: number; limit?: number; entries?: number; anchor?: number }) =>
    pageStatement(db, filters, how).execute({ ...slotValues(filters, codes), limit: PAGE_SIZE, ...values });
  const anchor = anchors?.[Math.floor(offset / ANCHOR_EVERY)];
  if (anchor !== undefined) return read('anchor', { anchor, offset: offset % ANCHOR_EVERY });
  if (!total.estimated && total.count <= limits.exactLimit) {
    // Enough matches that the newest index entries likely hold the page: look there first (a
    // bounded walk); else, or when they do not, the few matches are found and sorted.
    const walk = offset + PAGE_SIZE <= total.count ? walkLength(total.count, offset, searchable) : null;
    if (walk !== null) {
      const walked = await read('walk', { offset, entries: walk });
      if (walked.length === PAGE_SIZE) return walked;
    }
    return read('sorted', { offset });
  }
  if (!total.estimated && offset >= FAR_END_FROM && offset > total.count / 2) {
    const limit = Math.min(PAGE_SIZE, total.count - offset);
    return read('far', { limit, offset: total.count - offset - limit });
  }
  return read('newest', { offset });
}

/**
 * The seq at every ANCHOR_EVERY-th match, newest first (one pass over the matching index
 * entries): with them a deep page starts from the anchor before it instead of skipping every
 * earlier match. Cached per filter key and dropped with the key's pages by a matching write.
 */
export async function pageAnchors(db: Db, filters: Filters): Promise<number[]> {
  const codes = await filterCodes(db, filters);
  if (!codes) return [];
  const numbered = db
    .select({ seq: s.seq, n: sql<number>`row_number() OVER (ORDER BY ${s.seq} DESC)`.as('n') })
    .from(s)
    .where(and(...searchConditions(filters, codes)))
    .as('numbered');
  const rows = await db
    .select({ seq: numbered.seq })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${ANCHOR_EVERY} = 0`)
    .orderBy(asc(numbered.n));
  return rows.map((r) => Number(r.seq));
}

export async function optionLists(db: Db): Promise<OptionLists> {
  const rows = await db
    .select({ kind: searchFacets.kind, value: searchFacets.value })
    .from(searchFacets)
    .where(and(gt(searchFacets.n, 0), inArray(searchFacets.kind, ['place', 'region', 'locality'])));
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.value).sort(spanishCollator.compare);
  return { placeOptions: of('place'), regionOptions: of('region'), localityOptions: of('locality') };
}
