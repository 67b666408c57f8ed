/**
 * Tells every API instance's search cache what a write changed. The writing instance invalidates
 * its own cache at once and sends a PostgreSQL NOTIFY on `search_changes`; each instance LISTENs
 * and invalidates the same entries (on PGlite there is one process, so the local call is all).
 * A listener that lost its connection (and so may have missed messages) clears everything.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { SearchCache, SearchChange } from './search-cache';
import type { SearchRow } from './search-query';

export const SEARCH_CHANNEL = 'search_changes';

export interface SearchChanges {
  /**
   * Invalidates here and on every other instance (resolves once the NOTIFY is sent). `startedAt`
   * (app clock): when the write started, so this instance's counts read before it are moved rather
   * than read again (search-cache.ts).
   */
  announce(change: SearchChange, startedAt?: number): Promise<void>;
  close(): Promise<void>;
}

function parse(payload: string): { from: string; change: SearchChange } | null {
  try {
    const message = JSON.parse(payload) as { from?: unknown; change?: unknown };
    const change = message.change;
    if (typeof message.from !== 'string') return null;
    if (change === 'all') return { from: message.from, change };
    if (change && typeof change === 'object' && Array.isArray((change as { rows?: unknown }).rows)) {
      const { rows, moved } = change as { rows: SearchRow[]; moved?: { left?: unknown; entered?: unknown } };
      // Counts move only by a well-formed `moved`; anything else drops them (as an older instance's message does).
      const valid = moved && Array.isArray(moved.left) && Array.isArray(moved.entered);
      return { from: message.from, change: valid ? { rows, moved: moved as { left: SearchRow[]; entered: SearchRow[] } } : { rows } };
    }
    return null;
  } catch {
    return null;
  }
}

export async function createSearchChanges(database: Database, cache: SearchCache, log: FastifyBaseLogger): Promise<SearchChanges> {
  const instance = crypto.randomUUID();
  const stop = await database.listen(SEARCH_CHANNEL, (payload) => {
    const message = parse(payload);
    if (message?.from === instance) return;
    cache.invalidate(message?.change ?? 'all');
  });
  return {
    async announce(change, startedAt) {
      cache.invalidate(change, startedAt);
      // Payloads are capped at 8000 bytes: a large change is announced as "everything".
      const payload = JSON.stringify({ from: instance, change });
      await database
        .notify(SEARCH_CHANNEL, payload.length < 7000 ? payload : JSON.stringify({ from: instance, change: 'all' }))
        .catch((err: Error) => log.error({ err: { message: err.message } }, 'no se pudo avisar a las otras instancias'));
    },
    close: stop,
  };
}
