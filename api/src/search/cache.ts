/**
 * In-memory cache of what every search request would otherwise recompute: the three option lists,
 * the counts of recent filter combinations and the finished answers of recent pages.
 *
 * A write invalidates only what it changes: the counts and pages of the filter combinations the
 * written listing matches (before or after the change), and the option lists. A count is moved by
 * the write instead (+1 for a listing that entered the searchable ones and matches, −1 for one
 * that left) when the writer says exactly what entered and left (`moved`). Other instances
 * hear of the write through PostgreSQL NOTIFY (search-changes.ts); the TTL bounds staleness for
 * writers that announce nothing (scripts).
 *
 * Hot entries never make a request wait for the database: after half the TTL the next request
 * starts a refresh in the background and is served the cached value, which is still inside the
 * TTL. Only a missing entry (first request, after a matching write, or cold for a whole TTL) waits.
 * While the database is saturated (a load fails with OverloadError), the last value a key had
 * (expired or invalidated) is served instead of the 503: the home page keeps answering.
 */
import type { Filters } from 'shared-contracts';
import type { Clock } from '../clock';
import { OverloadError } from '../db/work-queue';
import { patchPage, type CachedPage, type ResultEdit } from './page-patch';
import { matchable, matchesFilters, type Counted, type Moved, type OptionLists, type SearchRow } from './search-query';

/**
 * What a write changed: the search columns of the listing before and/or after, or everything.
 * `moved`, when the writer knows it exactly, says which of those rows (each is also in `rows`)
 * left the searchable listings and which entered them: the cached counts then move by the
 * difference instead of being recounted (a publish adds one to every count its listing matches).
 * With the card of each listing that entered, the cached pages are patched too (page-patch.ts);
 * without, the pages the rows match are dropped.
 */
export type SearchChange = { rows: SearchRow[]; moved?: Moved } | 'all';

/**
 * A count loaded less than this long before another instance's change arrives is dropped, not
 * moved: it may have been read after the write committed (NOTIFY takes a moment to arrive), and
 * moving it would count the write twice.
 */
export const MOVE_SETTLED_BEFORE_MS = 1_000;

export interface SearchCache {
  options(load: () => Promise<OptionLists>): Promise<OptionLists>;
  count(filters: Filters, key: string, load: () => Promise<Counted>): Promise<Counted>;
  /** A whole answer (already serialized) for a filter key and page (`<key>#<page>`). */
  page(filters: Filters, key: string, load: () => Promise<CachedPage>): Promise<CachedPage>;
  /** Page anchors of a filter key (search-query.ts `pageAnchors`) if loaded, else undefined and loading. */
  anchors(filters: Filters, key: string, load: () => Promise<number[]>): number[] | undefined;
  /**
   * `settledBefore` (clock): counts whose value arrived before it may be moved by `change.moved`.
   * The instance that wrote passes the time its write started (a count read before that cannot
   * include the write); by default, for another instance's change, MOVE_SETTLED_BEFORE_MS ago.
   */
  invalidate(change?: SearchChange, settledBefore?: number): void;
  /** Resolves once no load or background refresh is running (the app awaits it before the database closes). */
  settle(): Promise<void>;
}

interface Entry<T> {
  value: Promise<T>;
  /** The value once loaded (read synchronously by `peek`). */
  result?: T;
  filters: Filters;
  at: number;
  settled: boolean;
  /** When the value arrived (clock), once settled. */
  settledAt?: number;
  refreshing: boolean;
}

/**
 * A cache entry's bucket: the most specific place its filters name (a listing matches only if
 * that one is its own), with the purpose and the type they name ('' for none). A listing can
 * only be listed by the filters of the 16 buckets rowBuckets gives it, so a write asks about
 * those entries only: the others name another place, purpose or type.
 */
function bucketOf(filters: Filters): string {
  const where = filters.locality ? `l:${filters.locality}` : filters.region ? `r:${filters.region}` : filters.place ? `p:${filters.place}` : '';
  return `${where}\u0001${filters.proposito || ''}\u0001${filters.propiedad || ''}`;
}

/** The buckets whose entries may list one of `rows` (see bucketOf), each once. */
function rowBuckets(rows: SearchRow[]): string[] {
  const buckets = new Set<string>();
  for (const row of rows) {
    const wheres = [''];
    if (row.place) wheres.push(`p:${row.place}`);
    if (row.region) wheres.push(`r:${row.region}`);
    if (row.locality) wheres.push(`l:${row.locality}`);
    for (const where of wheres)
      for (const proposito of ['', row.proposito]) for (const propiedad of ['', row.propiedad]) buckets.add(`${where}\u0001${proposito}\u0001${propiedad}`);
  }
  return [...buckets];
}

/**
 * Bounded, least recently used first out; entries loaded before a matching invalidation are
 * never kept. `fallbacks` keeps the last settled value of dropped keys for overload only.
 */
function memo<T>(clock: Clock, ttlMs: number, max: number, track: (p: Promise<unknown>) => void) {
  const entries = new Map<string, Entry<T>>();
  /**
   * The keys by bucket (bucketOf): a write can only change the entries of the buckets its rows
   * fall in (rowBuckets), so `drop` asks those only instead of every entry (up to 6,000, at each
   * write). A key's filters never change, so neither does its bucket.
   */
  const byBucket = new Map<string, Set<string>>();

  function setEntry(key: string, entry: Entry<T>) {
    entries.set(key, entry);
    const bucket = bucketOf(entry.filters);
    let keys = byBucket.get(bucket);
    if (!keys) byBucket.set(bucket, (keys = new Set()));
    keys.add(key);
  }

  function deleteEntry(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const bucket = bucketOf(entry.filters);
    const keys = byBucket.get(bucket)!;
    keys.delete(key);
    if (!keys.size) byBucket.delete(bucket);
  }

  /** The keys a change of `rows` may touch (every key without `rows`), each once. */
  function candidates(rows?: SearchRow[]): Iterable<string> {
    if (!rows) return [...entries.keys()];
    const buckets = rowBuckets(rows);
    if (buckets.length === 1) return [...(byBucket.get(buckets[0]) ?? [])];
    const keys: string[] = [];
    for (const bucket of buckets) {
      const inBucket = byBucket.get(bucket);
      if (inBucket) for (const key of inBucket) keys.push(key);
    }
    return keys;
  }
  const fallbacks = new Map<string, T>();
  /** Bumped per key by each invalidation that drops it (a load straddling it is discarded). */
  let epoch = 0;
  const dropped = new Map<string, number>();

  function keepFallback(key: string, entry: Entry<T>) {
    if (!entry.settled) return;
    void entry.value.then((v) => {
      fallbacks.delete(key);
      if (fallbacks.size >= max) fallbacks.delete(fallbacks.keys().next().value as string);
      fallbacks.set(key, v);
    });
  }

  function store(key: string, filters: Filters, load: () => Promise<T>, previous?: Entry<T>): Entry<T> {
    const started = epoch;
    const entry: Entry<T> = { value: load(), filters: matchable(filters), at: clock.now(), settled: false, refreshing: false };
    track(entry.value);
    if (!previous) put(key, entry);
    entry.value.then(
      (result) => {
        entry.result = result;
        entry.settled = true;
        entry.settledAt = clock.now();
        // A matching write landed while loading: the figure may be stale, do not keep it.
        if ((dropped.get(key) ?? -1) > started) {
          if (entries.get(key) === entry) deleteEntry(key);
        } else if (previous && entries.get(key) === previous) put(key, entry);
      },
      () => {
        // A failed load must not stay cached (a failed refresh leaves the previous value in place).
        if (entries.get(key) === entry) deleteEntry(key);
        if (previous) previous.refreshing = false;
      },
    );
    return entry;
  }

  function put(key: string, entry: Entry<T>) {
    deleteEntry(key);
    if (entries.size >= max) deleteEntry(entries.keys().next().value as string);
    setEntry(key, entry);
  }

  async function withFallback(key: string, value: Promise<T>): Promise<T> {
    try {
      return await value;
    } catch (err) {
      const last = fallbacks.get(key);
      if (err instanceof OverloadError && last !== undefined) return last;
      throw err;
    }
  }

  return {
    get(key: string, filters: Filters, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      const age = hit ? clock.now() - hit.at : Infinity;
      if (!hit || age >= ttlMs) {
        if (hit) keepFallback(key, hit);
        return withFallback(key, store(key, filters, load).value);
      }
      put(key, hit); // most recently used
      if (age >= ttlMs / 2 && hit.settled && !hit.refreshing) {
        hit.refreshing = true;
        store(key, filters, load, hit).value.catch(() => undefined);
      }
      return hit.value;
    },
    /**
     * The value if it is loaded and fresh; otherwise undefined at once, with a load started in
     * the background (if none is running) for the requests that come after.
     */
    peek(key: string, filters: Filters, load: () => Promise<T>): T | undefined {
      const hit = entries.get(key);
      if (hit && clock.now() - hit.at < ttlMs) return hit.settled ? hit.result : undefined;
      store(key, filters, load).value.catch(() => undefined);
      return undefined;
    },
    /**
     * Drops the entries whose filters `affected` says yes to. With `move`, an entry settled before
     * `settledBefore` is kept with the value `move` gives instead (unless undefined); `before`
     * gives it the values other keys had before this change (a page's neighbours). A load or
     * refresh in flight is discarded all the same (it may have read the database before or after
     * the write). With `rows`, only the entries of the buckets those rows fall in are asked.
     */
    drop(
      affected: (filters: Filters) => boolean,
      move?: (value: T, filters: Filters, key: string, before: (key: string) => T | undefined) => T | undefined,
      settledBefore = clock.now() - MOVE_SETTLED_BEFORE_MS,
      rows?: SearchRow[],
    ) {
      epoch += 1;
      const now = clock.now();
      const movable = (entry: Entry<T> | undefined): entry is Entry<T> =>
        entry !== undefined && entry.settled && (entry.settledAt ?? Infinity) < settledBefore && now - entry.at < ttlMs;
      const before = (key: string) => {
        const entry = entries.get(key);
        return movable(entry) ? entry.result : undefined;
      };
      // Every new value is computed from the values before the change, then all are kept.
      const moved = new Map<string, T>();
      const gone: string[] = [];
      for (const key of candidates(rows)) {
        const entry = entries.get(key)!;
        if (!affected(entry.filters)) continue;
        dropped.set(key, epoch);
        const value = move && movable(entry) ? move(entry.result as T, entry.filters, key, before) : undefined;
        if (value === undefined) gone.push(key);
        else moved.set(key, value);
      }
      for (const [key, value] of moved) {
        const entry = entries.get(key)!;
        entry.result = value;
        entry.value = Promise.resolve(value);
      }
      for (const key of gone) {
        keepFallback(key, entries.get(key)!);
        deleteEntry(key);
      }
      // Bounded: forgetting old marks only matters for a load in flight across thousands of writes.
      if (dropped.size > max * 4) dropped.clear();
    },
    /** The value a key has, or last had before it was dropped (undefined if never loaded). */
    last(key: string): T | undefined {
      const entry = entries.get(key);
      return entry?.settled ? entry.result : fallbacks.get(key);
    },
    size: () => entries.size,
  };
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

/** What a change did to the result of `filters`; undefined when a listing entered without its card. */
function resultEdit(moved: Moved, cards: Map<number, string>, filters: Filters): ResultEdit | undefined {
  const edit: ResultEdit = { left: [], entered: [] };
  for (const row of moved.left) if (matchesFilters(filters, row)) edit.left.push(row.seq);
  for (const row of moved.entered) {
    if (!matchesFilters(filters, row)) continue;
    const card = cards.get(row.seq);
    if (card === undefined) return undefined;
    edit.entered.push({ seq: row.seq, card });
  }
  return edit;
}

/** A cached page (key `<filters>#<page>`) after the change, or undefined to read it again. */
function patched(
  moved: Moved,
  cards: Map<number, string>,
  value: CachedPage,
  filters: Filters,
  key: string,
  before: (key: string) => CachedPage | undefined,
): CachedPage | undefined {
  const edit = resultEdit(moved, cards, filters);
  if (!edit) return undefined;
  if (!edit.left.length && !edit.entered.length) return value;
  const hash = key.lastIndexOf('#');
  const page = Number(key.slice(hash + 1));
  const base = key.slice(0, hash + 1);
  return patchPage(page, value, edit, before(base + (page - 1)), before(base + (page + 1)));
}

export function createSearchCache(clock: Clock, ttlMs = 60_000, maxCounts = 5000, maxPages = 1000): SearchCache {
  // Every load and background refresh in flight, so a close can wait for them (issue 19, item 8).
  const running = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    running.add(p);
    const done = () => running.delete(p);
    p.then(done, done);
  };
  const options = memo<OptionLists>(clock, ttlMs, 1, track);
  const counts = memo<Counted>(clock, ttlMs, maxCounts, track);
  const pages = memo<CachedPage>(clock, ttlMs, maxPages, track);
  const anchors = memo<number[]>(clock, ttlMs, 20, track);
  return {
    anchors: (filters, key, load) => anchors.peek(key, filters, load),
    options: (load) => options.get('', {}, load),
    count: (filters, key, load) => counts.get(key, filters, load),
    page: (filters, key, load) => pages.get(key, filters, load),
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
