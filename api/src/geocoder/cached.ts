/**
 * A remote geocoder behind a small cache (issue 19, item 3): the address picker asks the same
 * questions over and over (typing, moving the pin back), and each would otherwise be a request to
 * the remote server, whose usage policy (Nominatim: one request a second) an abuser could make the
 * portal break. Failures are not cached; answers live an hour, least recently used out first.
 */
import type { GeocodeResponse } from 'shared-contracts';
import type { GeocoderProvider } from './provider';

export function cachedGeocoder(inner: GeocoderProvider, opts: { now?: () => number; ttlMs?: number; max?: number } = {}): GeocoderProvider {
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? 60 * 60_000;
  const max = opts.max ?? 2000;
  const entries = new Map<string, { at: number; value: Promise<GeocodeResponse> }>();

  function get(key: string, load: () => Promise<GeocodeResponse>): Promise<GeocodeResponse> {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const value = load();
    if (entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, { at: now(), value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  }

  return {
    // Same text up to case and spacing is the same question.
    search: (q) => get(`s:${q.trim().replace(/\s+/g, ' ').toLowerCase()}`, () => inner.search(q)),
    // About 11 m: a pin moved less than that is the same place.
    reverse: (lng, lat) => get(`r:${lng.toFixed(4)},${lat.toFixed(4)}`, () => inner.reverse(lng, lat)),
  };
}
