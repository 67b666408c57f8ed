/**
 * In-memory cache of what every search request would otherwise recompute: the three option lists
 * and the counts of recent filter combinations. Writes through this API invalidate it at once;
 * the TTL bounds staleness when another process (seed script, another instance) writes.
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
  invalidate(): void;
}

export function createSearchCache(clock: Clock, ttlMs = 60_000, maxCounts = 1000): SearchCache {
  let generation = 0;
  let options: { value: Promise<OptionLists>; at: number } | null = null;
  const counts = new Map<string, { value: Promise<number>; at: number }>();
  const fresh = (at: number) => clock.now() - at < ttlMs;

  return {
    async options(load) {
      if (!options || !fresh(options.at)) {
        const entry = { value: load(), at: clock.now() };
        options = entry;
        // A failed load must not stay cached.
        entry.value.catch(() => {
          if (options === entry) options = null;
        });
      }
      return options.value;
    },
    async count(key, load) {
      const hit = counts.get(key);
      if (hit && fresh(hit.at)) return hit.value;
      const started = generation;
      const value = load();
      const entry = { value, at: clock.now() };
      if (counts.size >= maxCounts) counts.delete(counts.keys().next().value as string);
      counts.set(key, entry);
      value.then(
        () => {
          // A write landed while counting: the figure may be stale, do not keep it.
          if (generation !== started && counts.get(key) === entry) counts.delete(key);
        },
        () => counts.get(key) === entry && counts.delete(key),
      );
      return value;
    },
    invalidate() {
      generation += 1;
      options = null;
      counts.clear();
    },
  };
}

export const spanishCollator = new Intl.Collator('es', { sensitivity: 'base' });
