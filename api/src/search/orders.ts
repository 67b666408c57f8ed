/**
 * The orders of a search's results (issue 42), each declared once
 * (docs/decisions/0024-search-module-and-orders.md): its sort key in SQL (on the search table for
 * the page's keys, on `anuncios` for the page's rows) and in JavaScript (page-patch.ts places a
 * listing a write brought in; the anchors of deep pages), its direction, and the index whose
 * order it is (migration 0019), read forwards for the order and backwards for its far end.
 *
 * Every order is total: the key, then `seq` in the key's direction, so pages never repeat or skip
 * a listing. A key may be NULL (no area), and such listings come last, in seq order too.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ORDEN_DEFAULT, type Filters, type Orden } from 'shared-contracts';

/** The columns an order reads: the search table's, `anuncios`'s (same names, same values) or a subquery's. */
export interface OrderColumns {
  seq: SQLWrapper;
  price: SQLWrapper;
  priceRd: SQLWrapper;
  metros: SQLWrapper;
}

/** The columns of a listing an order's key is computed from (a write's SearchRow, a page's row). */
export interface KeyColumns {
  price: number;
  priceRd: number;
  metros: number | null;
}

/** A listing's place in an order: its seq and its sort key (null for newest, or when it has none). */
export interface Placed {
  seq: number;
  sort: number | null;
}

export interface OrderDef {
  name: Orden;
  /**
   * The sort key in SQL; null for the newest order (seq alone). `filters`: a price is compared as
   * the search's price filters compare it (its own currency with `moneda`, else RD$), so a price
   * range and a price order run along one index.
   */
  key(c: OrderColumns, filters: Filters): SQL | null;
  /** The same key in JavaScript, from a listing's columns: bit for bit what SQL computes. */
  keyOf(row: KeyColumns, filters: Filters): number | null;
  /** Of the key and of seq, the tie-break. */
  ascending: boolean;
  /** The key can be NULL (sorted last: NULLS LAST forwards, NULLS FIRST backwards). */
  nullable: boolean;
  /**
   * The newest listings are a uniform sample of any filter, so a walk over the first N entries
   * of this order finds a dense small result's page (plan.ts `walk`); not so for an order by
   * price or area, which the filters' own ranges follow.
   */
  walks: boolean;
}

/**
 * The price per m² in RD$ (whatever the search's currency: one order for both, as the issue asks
 * of prices): NULL without an area (or an area of 0). Index: anuncio_search_price_m2_idx.
 */
const pricePerM2 = (c: OrderColumns) => sql`(CASE WHEN ${c.metros} > 0 THEN ${c.priceRd} / ${c.metros} END)`;
const pricePerM2Of = (row: KeyColumns) => (row.metros !== null && row.metros > 0 ? row.priceRd / row.metros : null);
/** A price as the search's filters compare it (filters.ts): its own currency with `moneda`, else RD$. */
const price = (c: OrderColumns, filters: Filters) => sql`${filters.moneda ? c.price : c.priceRd}`;
const priceOf = (row: KeyColumns, filters: Filters) => (filters.moneda ? row.price : row.priceRd);

const ORDER_LIST: readonly OrderDef[] = [
  // Index: the search table's primary key and every (…, seq) index.
  { name: 'recientes', key: () => null, keyOf: () => null, ascending: false, nullable: false, walks: true },
  // Index: (price_rd, seq), (region, price_rd, seq); with a currency, (moneda, price, seq).
  { name: 'precio_asc', key: price, keyOf: priceOf, ascending: true, nullable: false, walks: false },
  { name: 'precio_desc', key: price, keyOf: priceOf, ascending: false, nullable: false, walks: false },
  // Index: anuncio_search_metros_idx (metros DESC NULLS LAST, seq DESC).
  { name: 'metros_desc', key: (c) => sql`${c.metros}`, keyOf: (r) => r.metros, ascending: false, nullable: true, walks: false },
  // Index: anuncio_search_price_m2_idx ((CASE … END), seq).
  { name: 'precio_m2_asc', key: pricePerM2, keyOf: pricePerM2Of, ascending: true, nullable: true, walks: false },
];

export const ORDERS: Readonly<Record<Orden, OrderDef>> = Object.fromEntries(ORDER_LIST.map((o) => [o.name, o])) as Record<Orden, OrderDef>;
export const NEWEST = ORDERS[ORDEN_DEFAULT];

export interface OrderByOptions {
  /** The search's filters (a price order's currency). */
  filters: Filters;
  /** The order read from its far end (the page is then put back in order by the caller). */
  reverse?: boolean;
  /** A key the planner cannot take from an index: it finds the matches first, then sorts them. */
  unindexed?: boolean;
}

/** The ORDER BY terms of `order` on the columns `c`. */
export function orderBy(order: OrderDef, c: OrderColumns, { filters, reverse = false, unindexed = false }: OrderByOptions): SQL[] {
  const ascending = order.ascending !== reverse;
  const direction = sql.raw(ascending ? 'ASC' : 'DESC');
  // Only a nullable key says where NULLs go: a NOT NULL key's plain ASC / DESC is its index read
  // either way (the planner does not know the key has no NULLs).
  const nulls = sql.raw(order.nullable ? (reverse ? ' NULLS FIRST' : ' NULLS LAST') : '');
  const key = order.key(c, filters);
  const seq = unindexed && !key ? sql`${c.seq} + 0` : sql`${c.seq}`;
  const terms = [sql`${seq} ${direction}`];
  if (key) terms.unshift(unindexed ? sql`(${key}) + 0 ${direction}${nulls}` : sql`${key} ${direction}${nulls}`);
  return terms;
}

/**
 * The rows at or after an anchor in `order` (the anchor included), as conditions an index range
 * can start from; its place is in the placeholders `anchorSort` and `anchorSeq`. For a nullable
 * key only the anchor's part: `nullAnchor` false gives the rows with a key from the anchor's on
 * (the NULL-keyed ones after them are read apart, page.ts), true the NULL-keyed rows from its seq on.
 */
export function fromAnchor(order: OrderDef, c: OrderColumns, filters: Filters, nullAnchor: boolean, slot: (name: string) => unknown): SQL {
  const seqFrom = order.ascending ? sql`${c.seq} >= ${slot('anchorSeq')}` : sql`${c.seq} <= ${slot('anchorSeq')}`;
  const key = order.key(c, filters);
  if (!key) return seqFrom;
  if (nullAnchor) return sql`${key} IS NULL AND ${seqFrom}`;
  const sort = slot('anchorSort');
  return order.ascending
    ? sql`${key} >= ${sort} AND (${key} > ${sort} OR ${seqFrom})`
    : sql`${key} <= ${sort} AND (${key} < ${sort} OR ${seqFrom})`;
}

/** Whether `a` comes before `b` in `order` (page-patch.ts), exactly as SQL sorts them. */
export function comesBefore(order: OrderDef, a: Placed, b: Placed): boolean {
  if (a.sort !== b.sort) {
    if (a.sort === null) return false;
    if (b.sort === null) return true;
    return order.ascending ? a.sort < b.sort : a.sort > b.sort;
  }
  return order.ascending ? a.seq < b.seq : a.seq > b.seq;
}

/** A listing's place in `order` for a search with `filters`. */
export function placeOf(order: OrderDef, row: KeyColumns & { seq: number }, filters: Filters): Placed {
  return { seq: row.seq, sort: order.keyOf(row, filters) };
}
