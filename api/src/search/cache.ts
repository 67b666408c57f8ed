/**
 * In-memory cache of what every search request would otherwise recompute: the three option lists,
 * the counts of recent filter combinations and the finished answers of recent pages.
 *
 * A write invalidates only what it changes: the counts and pages of the filter combinations the
 * written listing matches (before or after the change), and the option lists. A count is moved by
 * the write instead (+1 for a listing that entered the searchable ones and matches, −1 for one
 * that left) when the writer says exactly what entered and left (`moved`). Other instances
 * hear of the write through PostgreSQL NOTIFY (changes.ts); the TTL bounds staleness for
 * writers that announce nothing (scripts).
 *
 * Hot entries never make a request wait for the database: after half the TTL the next request
 * starts a refresh in the background and is served the cached value, which is still inside the
 * TTL. Only a missing entry (first request, after a matching write, or cold for a whole TTL) waits.
 * While the database is saturated (a load fails with OverloadError), the last value a key had
 * (expired or invalidated) is served instead of the 503: the home page keeps answering.
 */
import { ORDEN_DEFAULT, type Filters } from 'shared-contracts';
import type { Clock } from '../clock';
import { Memo } from './cache-memo';
import { matchable, matchesFilters } from './filters';
import type { Counted, OptionLists } from './limits';
import { ORDERS, placeOf, type OrderDef, type Placed } from './orders';
import { patchPage, type CachedPage, type ResultEdit } from './page-patch';
import type { Moved, SearchRow } from './rows';

export { MOVE_SETTLED_BEFORE_MS } from './cache-memo';

/**
 * What a write changed: the search columns of the listing before and/or after, or everything.
 * `moved`, when the writer knows it exactly, says which of those rows (each is also in `rows`)
 * left the searchable listings and which entered them: the cached counts then move by the
 * difference instead of being recounted (a publish adds one to every count its listing matches).
 * With the card of each listing that entered, the cached pages are patched too (page-patch.ts);
 * without, the pages the rows match are dropped.
 */
export type SearchChange = { rows: SearchRow[]; moved?: Moved } | 'all';

export interface SearchCache {
  options(load: () => Promise<OptionLists>): Promise<OptionLists>;
  count(filters: Filters, key: string, load: () => Promise<Counted>): Promise<Counted>;
  /** A whole answer (in parts, page-patch.ts) for a filter key, order and page (`<key>~<orden>#<page>`). */
  page(filters: Filters, key: string, load: () => Promise<CachedPage>): Promise<CachedPage>;
  /**
   * Whether a count key and a page key are both held and fresh (or loading): a request for them
   * costs the database nothing. Issue 40: only the others are limited per client.
   */
  holds(countKey: string, pageKey: string): boolean;
  /** Page anchors of a filter key and order (page.ts `pageAnchors`) if loaded, else undefined and loading. */
  anchors(filters: Filters, key: string, load: () => Promise<Placed[]>): Placed[] | undefined;
  /**
   * `settledBefore` (clock): counts whose value arrived before it may be moved by `change.moved`.
   * The instance that wrote passes the time its write started (a count read before that cannot
   * include the write); by default, for another instance's change, MOVE_SETTLED_BEFORE_MS ago.
   */
  invalidate(change?: SearchChange, settledBefore?: number): void;
  /** Resolves once no load or background refresh is running (the app awaits it before the database closes). */
  settle(): Promise<void>;
}

/** Whether the option lists already offer the listing's place, region and locality (an empty one is offered by none). */
function listsHave(lists: OptionLists, row: SearchRow): boolean {
  const has = (list: string[], value: string) => !value || list.includes(value);
  return has(lists.placeOptions, row.place) && has(lists.regionOptions, row.region) && has(lists.localityOptions, row.locality);
}

/** The cards of the listings that entered, serialized once for every page they enter (by seq). */
function enteredCards(moved: Moved): Map<number, string> {
  const cards = new Map<number, string>();
  for (const row of moved.entered) if (row.card) cards.set(row.seq, JSON.stringify(row.card));
  return cards;
}

/**
 * What a change did to the result of `filters` in `order`: the places of the listings that left
 * (as they were) and entered (as they are); undefined when a listing entered without its card.
 */
function resultEdit(moved: Moved, cards: Map<number, string>, filters: Filters, order: OrderDef): ResultEdit | undefined {
  const edit: ResultEdit = { left: [], entered: [] };
  for (const row of moved.left) if (matchesFilters(filters, row)) edit.left.push(placeOf(order, row, filters));
  for (const row of moved.entered) {
    if (!matchesFilters(filters, row)) continue;
    const card = cards.get(row.seq);
    if (card === undefined) return undefined;
    edit.entered.push({ ...placeOf(order, row, filters), card });
  }
  return edit;
}

/** A cached page (key `<filters>~<orden>#<page>`) after the change, or undefined to read it again. */
function patched(
  moved: Moved,
  cards: Map<number, string>,
  value: CachedPage,
  filters: Filters,
  key: string,
  before: (key: string) => CachedPage | undefined,
): CachedPage | undefined {
  const edit = resultEdit(moved, cards, filters, ORDERS[value.orden ?? ORDEN_DEFAULT]);
  if (!edit) return undefined;
  if (!edit.left.length && !edit.entered.length) return value;
  const hash = key.lastIndexOf('#');
  const page = Number(key.slice(hash + 1));
  const base = key.slice(0, hash + 1);
  return patchPage(page, value, edit, before(base + (page - 1)), before(base + (page + 1)));
}

/** `onLookup`: told of each count, page and option-list lookup, hit or miss (issue 45's metrics). */
export function createSearchCache(clock: Clock, ttlMs = 60_000, maxCounts = 5000, maxPages = 1000, onLookup?: (kind: 'options' | 'count' | 'page', hit: boolean) => void): SearchCache {
  // Every load and background refresh in flight, so a close can wait for them (issue 19, item 8).
  const running = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    running.add(p);
    const done = () => running.delete(p);
    p.then(done, done);
  };
  const told = (kind: 'options' | 'count' | 'page') => (hit: boolean) => onLookup?.(kind, hit);
  const options = new Memo<OptionLists>(clock, ttlMs, 1, track, matchable, told('options'));
  const counts = new Memo<Counted>(clock, ttlMs, maxCounts, track, matchable, told('count'));
  const pages = new Memo<CachedPage>(clock, ttlMs, maxPages, track, matchable, told('page'));
  const anchors = new Memo<Placed[]>(clock, ttlMs, 20, track, matchable);
  return {
    anchors: (filters, key, load) => anchors.peek(key, filters, load),
    options: (load) => options.get('', {}, load),
    count: (filters, key, load) => counts.get(key, filters, load),
    page: (filters, key, load) => pages.get(key, filters, load),
    holds: (countKey, pageKey) => counts.has(countKey) && pages.has(pageKey),
    invalidate(change = 'all', settledBefore) {
      const moved = change === 'all' ? undefined : change.moved;
      // Called for every cached entry: loops, not a function created per call (see matchesFilters).
      const matching = (list: SearchRow[], filters: Filters) => {
        let n = 0;
        for (const row of list) if (matchesFilters(filters, row)) n += 1;
        return n;
      };
      const affected =
        change === 'all'
          ? () => true
          : (filters: Filters) => {
              for (const row of change.rows) if (matchesFilters(filters, row)) return true;
              return false;
            };
      // The option lists lose a value only when a listing leaves, and gain one only when a listing
      // enters with a place, region or locality they do not have: then every page (each shows
      // them) is read again too.
      // Only the entries of the buckets the change's rows fall in can be affected.
      const rows = change === 'all' ? undefined : change.rows;
      const lists = options.last('');
      const newValue = !moved || !lists || moved.entered.some((row) => !listsHave(lists, row));
      if (!moved || moved.left.length || newValue) options.drop(() => true);
      counts.drop(
        affected,
        moved && ((value, filters) => ({ ...value, count: Math.max(0, value.count + matching(moved.entered, filters) - matching(moved.left, filters)) })),
        settledBefore,
        rows,
      );
      const cards = moved && !newValue ? enteredCards(moved) : undefined;
      if (newValue) pages.drop(() => true);
      else pages.drop(affected, cards && ((value, filters, key, before) => patched(moved!, cards, value, filters, key, before)), settledBefore, rows);
      anchors.drop(affected, undefined, undefined, rows);
    },
    async settle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
