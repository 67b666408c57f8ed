/**
 * A search's page: the reads plan.ts chose, each one statement that finds the page's keys on the
 * search table and reads their rows from `anuncios` (one round trip), built once per shape (the
 * read, the order, which filters) and run with the search's values. And the anchors of deep
 * pages: the place of every ANCHOR_EVERY-th match, so a deep page starts from the one before it.
 */
import { and, sql } from 'drizzle-orm';
import type { Filters } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioSearch as s, anuncios, type AnuncioRow } from '../db/schema';
import { statement } from '../db/statements';
import { filterCodes } from './codes';
import { filterShape, searchConditions, slotValues } from './filters';
import { ANCHOR_EVERY, COUNT_LIMITS, type Counted, type CountLimits } from './limits';
import { fromAnchor, orderBy, type OrderDef, type Placed } from './orders';
import { pageReads, type PageRead } from './plan';

/** The statement kinds: the plan's reads, and the NULL-keyed rows that follow a nullable order's anchor. */
export type ReadKind = PageRead['read'] | 'anchor-null' | 'null-tail';

/**
 * The keys of a page for each kind of read, on the search table, in `order` (or its reverse for
 * `far`), with placeholders for every value. Exported for the test that reads its plans.
 */
export function pageKeys(db: Db, filters: Filters, order: OrderDef, kind: ReadKind) {
  // With slots every code is a placeholder: building the statement needs none of them.
  const where = and(...searchConditions(filters, {}, true));
  const inOrder = { filters };
  const slot = (name: string) => sql.placeholder(name);
  const limit = slot('limit');
  const offset = slot('offset');
  const keys = db.select({ seq: s.seq }).from(s);
  if (kind === 'walk') {
    // The first `entries` entries of the order, aliased as the table itself so the filters'
    // "anuncio_search"."column" name the walked rows.
    const first = db.select().from(s).orderBy(...orderBy(order, s, inOrder)).limit(slot('entries')).as('anuncio_search');
    return db.select({ seq: first.seq }).from(first).where(where).orderBy(...orderBy(order, first, inOrder)).limit(limit).offset(offset);
  }
  if (kind === 'anchor' || kind === 'anchor-null') {
    return keys.where(and(where, fromAnchor(order, s, filters, kind === 'anchor-null', slot))).orderBy(...orderBy(order, s, inOrder)).limit(limit).offset(offset);
  }
  if (kind === 'null-tail') {
    return keys.where(and(where, sql`${order.key(s, filters)} IS NULL`)).orderBy(...orderBy(order, s, inOrder)).limit(limit).offset(offset);
  }
  // `sorted`: a key the planner cannot read from an index, so it finds the few matches through the
  // filters' index and sorts them; `far` reads the order's index from the other end.
  return keys.where(where).orderBy(...orderBy(order, s, { filters, unindexed: kind === 'sorted', reverse: kind === 'far' })).limit(limit).offset(offset);
}

function pageStatement(db: Db, filters: Filters, order: OrderDef, kind: ReadKind) {
  return statement(db, `page:${kind}:${order.name}:${filterShape(filters)}`, () => {
    const keys = pageKeys(db, filters, order, kind);
    // `= ANY(ARRAY(keys))`: the keys are an init plan and the rows one index scan, which plans in
    // about 60 % of the time of `IN (keys)` (a semi-join the planner weighs against every index).
    return db
      .select()
      .from(anuncios)
      .where(sql`${anuncios.seq} = ANY(ARRAY(${keys}))`)
      .orderBy(...orderBy(order, anuncios, { filters }))
      .prepare('');
  });
}

type Values = Record<string, unknown>;

/**
 * From a nullable order's anchor with a key: the rows with a key from the anchor on, then, when
 * the page reaches past them, the NULL-keyed rows that come last (an OR of both would not start
 * the index scan at the anchor).
 */
async function fromKeyedAnchor(db: Db, filters: Filters, order: OrderDef, values: Values, read: Extract<PageRead, { read: 'anchor' }>) {
  const rows = await pageStatement(db, filters, order, 'anchor').execute(values);
  if (rows.length === read.limit) return rows;
  // How many keyed rows there are from the anchor on, when the page started past all of them.
  const keyed = rows.length ? read.offset + rows.length : await keyedFromAnchor(db, filters, order, values, read.offset);
  const tail = await pageStatement(db, filters, order, 'null-tail').execute({ ...values, offset: Math.max(0, read.offset - keyed), limit: read.limit - rows.length });
  return [...rows, ...tail];
}

/** The keyed rows at or after the anchor, fewer than `atMost` (the page's offset from it). */
async function keyedFromAnchor(db: Db, filters: Filters, order: OrderDef, values: Values, atMost: number): Promise<number> {
  const counted = statement(db, `anchor-count:${order.name}:${filterShape(filters)}`, () => {
    const where = and(...searchConditions(filters, {}, true), fromAnchor(order, s, filters, false, sql.placeholder));
    const keyed = db.select({ one: sql`1` }).from(s).where(where).limit(sql.placeholder('limit'));
    return db.select({ n: sql<number>`count(*)::int` }).from(keyed.as('keyed')).prepare('');
  });
  const [row] = await counted.execute({ ...values, limit: atMost });
  return Number(row?.n ?? 0);
}

/** Runs one read of the plan. */
function runRead(db: Db, filters: Filters, order: OrderDef, base: Values, read: PageRead): Promise<AnuncioRow[]> {
  const values: Values = { ...base, offset: read.offset, limit: read.limit };
  if (read.read === 'walk') values.entries = read.entries;
  if (read.read !== 'anchor') return pageStatement(db, filters, order, read.read).execute(values);
  values.anchorSeq = read.anchor.seq;
  if (read.anchor.sort === null) return pageStatement(db, filters, order, order.key(s, filters) ? 'anchor-null' : 'anchor').execute(values);
  values.anchorSort = read.anchor.sort;
  return order.nullable ? fromKeyedAnchor(db, filters, order, values, read) : pageStatement(db, filters, order, 'anchor').execute(values);
}

/** The page's 12 listings in `order`, given the count (plan.ts `pageReads` chooses how). */
export async function searchPage(
  db: Db,
  filters: Filters,
  order: OrderDef,
  page: number,
  total: Counted,
  limits: CountLimits = COUNT_LIMITS,
  anchors?: Placed[],
  /** How many listings are searchable in all (the home page's count), if known. */
  searchable?: number,
): Promise<AnuncioRow[]> {
  const reads = pageReads(order, page, total, limits, anchors, searchable);
  if (!reads.length) return [];
  const codes = await filterCodes(db, filters);
  if (!codes) return [];
  const base = slotValues(filters, codes);
  for (const [i, read] of reads.entries()) {
    const rows = await runRead(db, filters, order, base, read);
    // Only a walk may come back short with more to find (plan.ts); the last read is the answer.
    if (read.read !== 'walk' || rows.length === read.limit || i === reads.length - 1) return rows;
  }
  return [];
}

/**
 * The place in `order` of every ANCHOR_EVERY-th match (one pass over the matching index entries):
 * with them a deep page starts from the anchor before it instead of skipping every earlier match.
 * Cached per filter key and order, dropped with the key's pages by a matching write.
 */
export async function pageAnchors(db: Db, filters: Filters, order: OrderDef): Promise<Placed[]> {
  const codes = await filterCodes(db, filters);
  if (!codes) return [];
  const key = order.key(s, filters);
  const numbered = db
    .select({
      seq: s.seq,
      sort: (key ? sql<number | null>`${key}` : sql<null>`NULL::float8`).as('sort'),
      n: sql<number>`row_number() OVER (ORDER BY ${sql.join(orderBy(order, s, { filters }), sql`, `)})`.as('n'),
    })
    .from(s)
    .where(and(...searchConditions(filters, codes)))
    .as('numbered');
  const rows = await db
    .select({ seq: numbered.seq, sort: numbered.sort })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${ANCHOR_EVERY} = 0`)
    .orderBy(numbered.n);
  return rows.map((r) => ({ seq: Number(r.seq), sort: r.sort === null ? null : Number(r.sort) }));
}
