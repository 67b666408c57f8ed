/**
 * The one place that decides how a search is answered (docs/decisions/0024-search-module-and-orders.md):
 * its count from the facet table, the count cube or the search table (count.ts), and there exact
 * or sampled; its page with its count, or from an anchor, a walk over the first entries of its
 * order, its matches sorted, its order's index from the near or the far end (page.ts). Only how
 * the cube counts its edge bands (interpolated, sampled or counted, within its error guarantee)
 * is decided in cube.ts, from the cube's own sums.
 */
import { PAGE_SIZE, type Filters } from 'shared-contracts';
import { givenFilters } from './filters';
import { ANCHOR_EVERY, FAR_END_FROM, type Counted, type CountLimits } from './limits';
import type { OrderDef, Placed } from './orders';

/** Counts read from the facet table (exact, no listing counted): no filter, or a lone place, region or locality. */
export function facetOf(filters: Filters): { kind: 'all' | 'place' | 'region' | 'locality'; value: string } | null {
  const given = givenFilters(filters);
  if (!given.length) return { kind: 'all', value: '' };
  const only = given[0]!.key;
  if (given.length > 1 || (only !== 'place' && only !== 'region' && only !== 'locality')) return null;
  return { kind: only, value: String(filters[only]) };
}

/** The cube's rooms dimension stops here: "6 or more" is one cell, so a filter of 7+ rooms cannot use it. */
export const CUBE_ROOMS_MAX = 6;

/** What the count cube needs of a search it can count: its location, and the measure its range runs on. */
export interface CubePlan {
  kind: 'all' | 'region' | 'place' | 'locality';
  loc: string;
  measure: 'price' | 'area';
}

/**
 * Whether the cube counts `filters` (each filter's `cube` role, filters.ts): not with a filter it
 * does not hold, more than one location, 7+ rooms, or an area and a price range together.
 */
export function cubePlan(filters: Filters): CubePlan | null {
  const given = givenFilters(filters);
  if (given.some((f) => f.cube === 'none')) return null;
  if (filters.habitaciones !== undefined && filters.habitaciones > CUBE_ROOMS_MAX) return null;
  const locations = given.filter((f) => f.cube === 'location');
  const byArea = given.some((f) => f.cube === 'area');
  if (locations.length > 1 || (byArea && given.some((f) => f.cube === 'price'))) return null;
  const where = locations[0]?.key;
  return { kind: (where ?? 'all') as CubePlan['kind'], loc: where ? String(filters[where]) : '', measure: byArea ? 'area' : 'price' };
}

/** The search table's `bucket` (hashint8(seq) & 1023): `bucket < b` is a uniform b/1024 sample. */
export const SAMPLE_BUCKETS = 1024;
/** The first, coarse sample: 8 of 1024 buckets (1/128 of the table). */
export const COARSE_BUCKETS = 8;

/**
 * After the coarse sample of a result over exactLimit that the cube cannot count: its estimate
 * when it holds sampleTarget matches; the exact count when that costs no more than a fine sample
 * would (up to exactUpTo, or 2 × sampleTarget when a province, place, type or purpose filter makes
 * the sample read only its prefix, stratified indexes); else a fine sample of about 1.25 ×
 * sampleTarget matches.
 */
export function afterCoarseSample(filters: Filters, coarse: { n: number; estimate: number }, limits: CountLimits): { by: 'coarse' } | { by: 'exact' } | { by: 'fine'; buckets: number } {
  if (coarse.n >= limits.sampleTarget) return { by: 'coarse' };
  const stratified = Boolean(filters.region || filters.place || filters.propiedad || filters.proposito);
  const exactUpTo = stratified ? Math.min(limits.exactUpTo, 2 * limits.sampleTarget) : limits.exactUpTo;
  if (coarse.estimate <= exactUpTo) return { by: 'exact' };
  const buckets = Math.min(SAMPLE_BUCKETS, Math.ceil((SAMPLE_BUCKETS * limits.sampleTarget * 1.25) / coarse.estimate));
  return buckets >= SAMPLE_BUCKETS ? { by: 'exact' } : { by: 'fine', buckets };
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

/**
 * Whether a result known to have at most `atMost` (≤ exactLimit) matches should be counted
 * together with its page (one statement reads its matches, counts and sorts them): unless the
 * order walks and a walk would find the page more cheaply than a scan of every match.
 */
export function pageWithCount(order: OrderDef, atMost: number, offset: number, searchable?: number): boolean {
  return !order.walks || !(offset + PAGE_SIZE <= atMost && walkLength(atMost, offset, searchable) !== null);
}

/** How a page's keys are read (page.ts): each one statement shape per order and set of filters. */
export type PageRead =
  /** From the anchor before the page: at most ANCHOR_EVERY + 12 entries, whatever the depth. */
  | { read: 'anchor'; anchor: Placed; offset: number; limit: number }
  /** The first `entries` entries of the order, filtered; accepted only when it fills the page. */
  | { read: 'walk'; entries: number; offset: number; limit: number }
  /** The matches found through the filters' best index, then sorted. */
  | { read: 'sorted'; offset: number; limit: number }
  /** The order's index read backwards: a page in the far half of an exact total. */
  | { read: 'far'; offset: number; limit: number }
  /** The order's index from its start, skipping `offset` matches. */
  | { read: 'near'; offset: number; limit: number };

/**
 * The reads that find page `page` of a result of `total`, tried in turn (only a walk can come
 * back short and pass on to the next). Few matches (exact, ≤ exactLimit): their keys are found
 * and sorted, instead of walking an order's index until 12 match (which reads the whole table
 * when almost nothing does). Many: that walk is short, a page in the far half of an exact total
 * is read from the other end (no page skips more than half of the matches), and a deep page
 * starts at its anchor once the anchors are loaded.
 */
export function pageReads(order: OrderDef, page: number, total: Counted, limits: CountLimits, anchors?: Placed[], searchable?: number): PageRead[] {
  const offset = page * PAGE_SIZE;
  const limit = PAGE_SIZE;
  if (!total.estimated && offset >= total.count) return [];
  const anchor = anchors?.[Math.floor(offset / ANCHOR_EVERY)];
  if (anchor !== undefined) return [{ read: 'anchor', anchor, offset: offset % ANCHOR_EVERY, limit }];
  if (!total.estimated && total.count <= limits.exactLimit) {
    // Enough matches that the newest entries likely hold the page: look there first (a bounded walk).
    const walk = order.walks && offset + PAGE_SIZE <= total.count ? walkLength(total.count, offset, searchable) : null;
    const sorted: PageRead = { read: 'sorted', offset, limit };
    return walk === null ? [sorted] : [{ read: 'walk', entries: walk, offset, limit }, sorted];
  }
  if (!total.estimated && offset >= FAR_END_FROM && offset > total.count / 2) {
    const last = Math.min(PAGE_SIZE, total.count - offset);
    return [{ read: 'far', offset: total.count - offset - last, limit: last }];
  }
  return [{ read: 'near', offset, limit }];
}

/** Whether a page is deep enough in a large enough result to wait for anchors (loaded in the background). */
export function wantsAnchors(page: number, total: Counted): boolean {
  return page * PAGE_SIZE >= FAR_END_FROM && (total.estimated || total.count > 20 * ANCHOR_EVERY);
}
