/**
 * One kind of cached search value (counts, pages, anchors, option lists), keyed and remembering
 * the filters each key was asked with, so a write drops or moves only what it can change
 * (cache.ts). Bounded, least recently used first out; entries loaded before a matching
 * invalidation are never kept; the last settled value of a dropped key is kept for overload only.
 */
import type { Filters } from 'shared-contracts';
import type { Clock } from '../clock';
import { OverloadError } from '../db/work-queue';
import type { SearchRow } from './rows';

/**
 * A count loaded less than this long before another instance's change arrives is dropped, not
 * moved: it may have been read after the write committed (NOTIFY takes a moment to arrive), and
 * moving it would count the write twice.
 */
export const MOVE_SETTLED_BEFORE_MS = 1_000;

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

/** How a drop may keep an entry with a new value (cache.ts: counts moved, pages patched); undefined drops it. */
export type Move<T> = (value: T, filters: Filters, key: string, before: (key: string) => T | undefined) => T | undefined;

export class Memo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /**
   * The keys by bucket (bucketOf): a write can only change the entries of the buckets its rows
   * fall in (rowBuckets), so `drop` asks those only instead of every entry (up to 6,000, at each
   * write). A key's filters never change, so neither does its bucket.
   */
  private readonly byBucket = new Map<string, Set<string>>();
  private readonly fallbacks = new Map<string, T>();
  /** Bumped by each invalidation; per key, the last one that dropped it (a load straddling it is discarded). */
  private epoch = 0;
  private readonly dropped = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly track: (p: Promise<unknown>) => void,
    /** The filters as the entry keeps them (cache.ts: all in one shape, filters.ts `matchable`). */
    private readonly keep: (filters: Filters) => Filters = (f) => f,
    /** Told whether each `get` found a fresh entry (issue 45's hit and miss counts). */
    private readonly onLookup: (hit: boolean) => void = () => undefined,
  ) {}

  private setEntry(key: string, entry: Entry<T>) {
    this.entries.set(key, entry);
    const bucket = bucketOf(entry.filters);
    let keys = this.byBucket.get(bucket);
    if (!keys) this.byBucket.set(bucket, (keys = new Set()));
    keys.add(key);
  }

  private deleteEntry(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const bucket = bucketOf(entry.filters);
    const keys = this.byBucket.get(bucket)!;
    keys.delete(key);
    if (!keys.size) this.byBucket.delete(bucket);
  }

  /** The keys a change of `rows` may touch (every key without `rows`), each once. */
  private candidates(rows?: SearchRow[]): Iterable<string> {
    if (!rows) return [...this.entries.keys()];
    const buckets = rowBuckets(rows);
    if (buckets.length === 1) return [...(this.byBucket.get(buckets[0]!) ?? [])];
    const keys: string[] = [];
    for (const bucket of buckets) {
      const inBucket = this.byBucket.get(bucket);
      if (inBucket) for (const key of inBucket) keys.push(key);
    }
    return keys;
  }

  private keepFallback(key: string, entry: Entry<T>) {
    if (!entry.settled) return;
    void entry.value.then((v) => {
      this.fallbacks.delete(key);
      if (this.fallbacks.size >= this.max) this.fallbacks.delete(this.fallbacks.keys().next().value as string);
      this.fallbacks.set(key, v);
    });
  }

  private store(key: string, filters: Filters, load: () => Promise<T>, previous?: Entry<T>): Entry<T> {
    const started = this.epoch;
    const entry: Entry<T> = { value: load(), filters: this.keep(filters), at: this.clock.now(), settled: false, refreshing: false };
    this.track(entry.value);
    if (!previous) this.put(key, entry);
    entry.value.then(
      (result) => {
        entry.result = result;
        entry.settled = true;
        entry.settledAt = this.clock.now();
        // A matching write landed while loading: the figure may be stale, do not keep it.
        if ((this.dropped.get(key) ?? -1) > started) {
          if (this.entries.get(key) === entry) this.deleteEntry(key);
        } else if (previous && this.entries.get(key) === previous) this.put(key, entry);
      },
      () => {
        // A failed load must not stay cached (a failed refresh leaves the previous value in place).
        if (this.entries.get(key) === entry) this.deleteEntry(key);
        if (previous) previous.refreshing = false;
      },
    );
    return entry;
  }

  private put(key: string, entry: Entry<T>) {
    this.deleteEntry(key);
    if (this.entries.size >= this.max) this.deleteEntry(this.entries.keys().next().value as string);
    this.setEntry(key, entry);
  }

  private async withFallback(key: string, value: Promise<T>): Promise<T> {
    try {
      return await value;
    } catch (err) {
      const last = this.fallbacks.get(key);
      if (err instanceof OverloadError && last !== undefined) return last;
      throw err;
    }
  }

  /**
   * The value of `key`, loaded when missing or expired; after half the TTL a hit starts a refresh
   * in the background and is answered at once.
   */
  get(key: string, filters: Filters, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const age = hit ? this.clock.now() - hit.at : Infinity;
    this.onLookup(age < this.ttlMs);
    if (!hit || age >= this.ttlMs) {
      if (hit) this.keepFallback(key, hit);
      return this.withFallback(key, this.store(key, filters, load).value);
    }
    this.put(key, hit); // most recently used
    if (age >= this.ttlMs / 2 && hit.settled && !hit.refreshing) {
      hit.refreshing = true;
      this.store(key, filters, load, hit).value.catch(() => undefined);
    }
    return hit.value;
  }

  /** Held and fresh (loaded, or loading). */
  has(key: string): boolean {
    const hit = this.entries.get(key);
    return hit !== undefined && this.clock.now() - hit.at < this.ttlMs;
  }

  /**
   * The value if it is loaded and fresh; otherwise undefined at once, with a load started in
   * the background (if none is running) for the requests that come after.
   */
  peek(key: string, filters: Filters, load: () => Promise<T>): T | undefined {
    const hit = this.entries.get(key);
    if (hit && this.clock.now() - hit.at < this.ttlMs) return hit.settled ? hit.result : undefined;
    this.store(key, filters, load).value.catch(() => undefined);
    return undefined;
  }

  /**
   * Drops the entries whose filters `affected` says yes to. With `move`, an entry settled before
   * `settledBefore` is kept with the value `move` gives instead (unless undefined); `before`
   * gives it the values other keys had before this change (a page's neighbours). A load or
   * refresh in flight is discarded all the same (it may have read the database before or after
   * the write). With `rows`, only the entries of the buckets those rows fall in are asked.
   */
  drop(affected: (filters: Filters) => boolean, move?: Move<T>, settledBefore = this.clock.now() - MOVE_SETTLED_BEFORE_MS, rows?: SearchRow[]) {
    this.epoch += 1;
    const now = this.clock.now();
    const movable = (entry: Entry<T> | undefined): entry is Entry<T> =>
      entry !== undefined && entry.settled && (entry.settledAt ?? Infinity) < settledBefore && now - entry.at < this.ttlMs;
    const before = (key: string) => {
      const entry = this.entries.get(key);
      return movable(entry) ? entry.result : undefined;
    };
    // Every new value is computed from the values before the change, then all are kept.
    const moved = new Map<string, T>();
    const gone: string[] = [];
    for (const key of this.candidates(rows)) {
      const entry = this.entries.get(key)!;
      if (!affected(entry.filters)) continue;
      this.dropped.set(key, this.epoch);
      const value = move && movable(entry) ? move(entry.result as T, entry.filters, key, before) : undefined;
      if (value === undefined) gone.push(key);
      else moved.set(key, value);
    }
    for (const [key, value] of moved) {
      const entry = this.entries.get(key)!;
      entry.result = value;
      entry.value = Promise.resolve(value);
    }
    for (const key of gone) {
      this.keepFallback(key, this.entries.get(key)!);
      this.deleteEntry(key);
    }
    // Bounded: forgetting old marks only matters for a load in flight across thousands of writes.
    if (this.dropped.size > this.max * 4) this.dropped.clear();
  }

  /** The value a key has, or last had before it was dropped (undefined if never loaded). */
  last(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry?.settled ? entry.result : this.fallbacks.get(key);
  }

  size(): number {
    return this.entries.size;
  }
}
