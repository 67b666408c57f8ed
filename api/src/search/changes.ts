/**
 * Tells every API instance's search cache what a write changed. The writing instance invalidates
 * its own cache at once and sends a PostgreSQL NOTIFY on `search_changes`; each instance LISTENs
 * and invalidates the same entries (on PGlite there is one process, so the local call is all).
 * A publish or an edit carries the listing's card, so every instance patches its pages alike.
 * A listener that lost its connection (and so may have missed messages) clears everything.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { SearchCache, SearchChange } from './cache';
import type { SearchRow } from './rows';

export const SEARCH_CHANNEL = 'search_changes';

export interface SearchChanges {
  /**
   * Invalidates here and on every other instance (resolves once the NOTIFY is sent). `startedAt`
   * (app clock): when the write started, so this instance's counts read before it are moved rather
   * than read again (cache.ts).
   */
  announce(change: SearchChange, startedAt?: number): Promise<void>;
  /**
   * Calls `listener` after every change to the searchable listings, this instance's or another's
   * (the sitemap's answers are dropped by it). Returns the unsubscribe.
   */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

function parse(payload: string): { from: string; at?: number; change: SearchChange } | null {
  try {
    const message = JSON.parse(payload) as { from?: unknown; at?: unknown; change?: unknown };
    const at = typeof message.at === 'number' ? message.at : undefined;
    const change = message.change;
    if (typeof message.from !== 'string') return null;
    if (change === 'all') return { from: message.from, at, change };
    if (change && typeof change === 'object' && Array.isArray((change as { rows?: unknown }).rows)) {
      const { rows, moved } = change as { rows: SearchRow[]; moved?: { left?: unknown; entered?: unknown } };
      // Counts move only by a well-formed `moved`; anything else drops them (as an older instance's message does).
      const valid = moved && Array.isArray(moved.left) && Array.isArray(moved.entered);
      return { from: message.from, at, change: valid ? { rows, moved: moved as { left: SearchRow[]; entered: SearchRow[] } } : { rows } };
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The NOTIFY payload, capped at 8000 bytes: without the cards of the listings that entered when
 * they do not fit (the other instances then read those pages again), as "everything" when even
 * that does not fit.
 */
function payloadOf(from: string, change: SearchChange, at = Date.now()): string {
  const payload = JSON.stringify({ from, at, change });
  if (Buffer.byteLength(payload) < 7000) return payload;
  if (change !== 'all' && change.moved) {
    const entered = change.moved.entered.map(({ card: _, ...row }) => row);
    const smaller = JSON.stringify({ from, at, change: { ...change, moved: { ...change.moved, entered } } });
    if (Buffer.byteLength(smaller) < 7000) return smaller;
  }
  return JSON.stringify({ from, at, change: 'all' });
}

/**
 * `onLag`: seconds from another instance's NOTIFY (its wall clock, `at` in the payload) to its
 * arrival here (issue 45's metrics; includes the clocks' skew, which NTP keeps to milliseconds).
 */
export async function createSearchChanges(database: Database, cache: SearchCache, log: FastifyBaseLogger, onLag?: (seconds: number) => void): Promise<SearchChanges> {
  const instance = crypto.randomUUID();
  // This instance hears its own messages too: recognized by their first bytes (payloadOf writes
  // `from` first), without parsing the card they carry.
  const own = `{"from":${JSON.stringify(instance)},`;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const stop = await database.listen(SEARCH_CHANNEL, (payload) => {
    if (payload.startsWith(own)) return;
    const message = parse(payload);
    if (message?.from === instance) return;
    if (message?.at !== undefined) onLag?.((Date.now() - message.at) / 1000);
    cache.invalidate(message?.change ?? 'all');
    changed();
  });
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async announce(change, startedAt) {
      cache.invalidate(change, startedAt);
      changed();
      await database
        .notify(SEARCH_CHANNEL, payloadOf(instance, change))
        .catch((err: Error) => log.error({ err: { message: err.message } }, 'no se pudo avisar a las otras instancias'));
    },
    close: stop,
  };
}
