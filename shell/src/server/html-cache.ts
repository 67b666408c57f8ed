/**
 * Rendered pages kept for the next request that would render the same thing: same address, same
 * remotes (registry) and the same data from the API, byte for byte. The data is fetched on every
 * request (the API answers it from its own search cache and invalidates that on every write), so
 * a cached page is never older than the data: a publish, an edit or a deploy changes the key.
 * What a hit saves is React's render of antd's components, most of a page's CPU on the server
 * (docs/performance-history.md).
 *
 * React writes the response's CSP nonce into its inline scripts; a hit gets the new nonce put in
 * place of the one it was rendered with (16 random bytes, so it occurs nowhere else in the page;
 * split and joined, so nothing in it is read as a replacement pattern).
 * Only complete renders are kept (a remote that failed or timed out left its area to the browser),
 * and none for longer than `maxAgeMs`: a page also says things that depend on the day ("Actualizado
 * hoy", "Bajó de precio" for 30 days).
 */
export interface CachedRender<T> {
  html: string;
  nonce: string;
  rest: T;
}

export interface HtmlCache<T> {
  get(key: string, nonce: string): { html: string; rest: T } | undefined;
  set(key: string, value: CachedRender<T>): void;
  readonly size: number;
}

/** Least recently used out first, bounded by the characters kept (`maxChars`). */
export function createHtmlCache<T>(maxChars: number, maxAgeMs: number, now: () => number = Date.now): HtmlCache<T> {
  const entries = new Map<string, CachedRender<T> & { chars: number; at: number }>();
  let chars = 0;
  return {
    get(key, nonce) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      if (now() - hit.at > maxAgeMs) {
        chars -= hit.chars;
        return undefined;
      }
      entries.set(key, hit);
      return { html: hit.nonce === nonce ? hit.html : hit.html.split(hit.nonce).join(nonce), rest: hit.rest };
    },
    set(key, value) {
      const size = key.length + value.html.length;
      if (size > maxChars) return;
      const old = entries.get(key);
      if (old) {
        chars -= old.chars;
        entries.delete(key);
      }
      entries.set(key, { ...value, chars: size, at: now() });
      chars += size;
      for (const [k, v] of entries) {
        if (chars <= maxChars) break;
        entries.delete(k);
        chars -= v.chars;
      }
    },
    get size() {
      return entries.size;
    },
  };
}
