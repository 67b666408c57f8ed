/**
 * In-memory cache of what every search request would otherwise recompute: the three option lists,
 * the counts of recent filter combinations and the finished answers of recent pages. Writes
 * through this API invalidate it at once; the TTL bounds staleness when another process (seed
 * script, another instance) writes.
 *
 * Hot entries never make a request wait for the database: after half the TTL the next request
 * starts a refresh in the background and is served the cached value, which is still inside the
 * TTL. Only a missing entry (first request, after a write, or cold for a whole TTL) waits.
 */
import type { Clock } from '../clock';

export interface OptionLists {
  placeOptions: string[];
  regionOptions: string[];
  localityOptions: string[];
}

export interface SearchCache {
  options(load: () => Promise<OptionLists>): Promise<OptionLists>;
  count(key: string, load: () => Promise<number>): Promise<number>;
  /** A whole answer (already serialized) for a filter key and page. */
  page(key: string, load: () => Promise<string>): Promise<string>;
  invalidate(): void;
}

interface Entry<T> {
  value: Promise<T>;
  at: number;
  settled: boolean;
  refreshing: boolean;
}

/**
 * Bounded, least recently used first out; entries loaded before an invalidation are never kept.
 */
function memo<T>(clock: Clock, ttlMs: number, max: number, generation: () => number) {
  const entries = new Map<string, Entry<T>>();

  function store(key: string, load: () => Promise<T>, previous?: Entry<T>): Entry<T> {
    const started = generation();
    const entry: Entry<T> = { value: load(), at: clock.now(), settled: false, refreshing: false };
    if (!previous) put(key, entry);
    entry.value.then(
      () => {
        entry.settled = true;
        // A write landed while loading: the figure may be stale, do not keep it.
        if (generation() !== started) {
          if (entries.get(key) === entry) entries.delete(key);
        } else if (previous && entries.get(key) === previous) put(key, entry);
      },
      () => {
        // A failed load must not stay cached (a failed refresh leaves the previous value in place).
        if (entries.get(key) === entry) entries.delete(key);
        if (previous) previous.refreshing = false;
      },
    );
    return entry;
  }

  function put(key: string, entry: Entry<T>) {
    entries.delete(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
  }

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      const age = hit ? clock.now() - hit.at : Infinity;
      if (!hit || age >= ttlMs) return store(key, load).value;
      put(key, hit); // most recently used
      if (age >= ttlMs / 2 && hit.settled && !hit.refreshing) {
        hit.refreshing = true;
        store(key, load, hit).value.catch(() => undefined);
      }
      return hit.value;
    },
    clear: () => entries.clear(),
  };
}

export function createSearchCache(clock: Clock, ttlMs = 60_000, maxCounts = 5000, maxPages = 1000): SearchCache {
  let generation = 0;
  const current = () => generation;
  const options = memo<OptionLists>(clock, ttlMs, 1, current);
  const counts = memo<number>(clock, ttlMs, maxCounts, current);
  const pages = memo<string>(clock, ttlMs, maxPages, current);
  return {
    options: (load) => options.get('', load),
    count: (key, load) => counts.get(key, load),
    page: (key, load) => pages.get(key, load),
    invalidate() {
      generation += 1;
      options.clear();
      counts.clear();
      pages.clear();
    },
  };
}

export const spanishCollator = new Intl.Collator('es', { sensitivity: 'base' });
