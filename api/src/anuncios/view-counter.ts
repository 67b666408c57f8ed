/**
 * Detail views per listing (issue 21), counted once per visitor and day without storing anything
 * about the visitor, and written in batches so that counting never slows a page.
 *
 * A visitor is its client (IPv4 address or IPv6 /64, as the rate limits see it) and user agent. The
 * key remembered for the day is a SHA-256 of a random salt, that visitor and the listing; the salt
 * is made at random each day (Dominican time, UTC-4), held in memory only and dropped with the
 * day's keys, so yesterday's keys can no longer be linked to an address by anyone. Only per-listing
 * totals reach the database (`anuncio_vistas`), every STATS_FLUSH_MS and when the API closes.
 * Several API instances each keep their own day: a visitor whose requests land on two instances
 * is counted on each (see docs/decisions/0011-contact-and-seller-statistics.md).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

const DR_OFFSET_MS = 4 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** Bounds the memory of one day's keys; past it new views are not counted until the next day. */
export const MAX_KEYS_PER_DAY = 500_000;

export interface ViewCounter {
  /** Counts the view unless this visitor already viewed this listing today. True when counted. */
  view(anuncioId: string, client: string, userAgent: string): boolean;
  /** Writes the buffered totals; kept for the next flush if the write fails. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is buffered. */
  close(): Promise<void>;
}

export function createViewCounter(db: Db, opts: { now: () => number; flushMs: number; log: FastifyBaseLogger }): ViewCounter {
  let day = -1;
  let salt = Buffer.alloc(0);
  let seen = new Set<string>();
  let pending = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  let full = false;

  const rotate = () => {
    const today = Math.floor((opts.now() - DR_OFFSET_MS) / DAY_MS);
    if (today === day) return;
    day = today;
    salt = crypto.randomBytes(32);
    seen = new Set();
    full = false;
  };

  async function write(batch: Map<string, number>): Promise<void> {
    const values = [...batch].map(([id, n]) => sql`(${id}::uuid, ${n}::int)`);
    // listings deleted meanwhile drop out through the join
    await db.execute(sql`
      insert into anuncio_vistas (anuncio_id, count, last_at)
      select a.id, v.n, now() from (values ${sql.join(values, sql`, `)}) as v(id, n) join anuncios a on a.id = v.id
      on conflict (anuncio_id) do update set count = anuncio_vistas.count + excluded.count, last_at = excluded.last_at`);
  }

  const flush = (): Promise<void> => {
    writing = writing.then(async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      try {
        await write(batch);
      } catch (err) {
        opts.log.error({ err, listings: batch.size }, 'no se pudieron guardar las vistas; se reintenta');
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      }
    });
    return writing;
  };

  const timer = setInterval(() => void flush(), opts.flushMs);
  timer.unref();

  return {
    view(anuncioId, client, userAgent) {
      rotate();
      const key = crypto.createHash('sha256').update(salt).update(`${client}\n${userAgent}\n${anuncioId}`).digest('base64').slice(0, 22);
      if (seen.has(key)) return false;
      if (seen.size >= MAX_KEYS_PER_DAY) {
        if (!full) opts.log.warn({ keys: seen.size }, 'límite diario de vistas distintas alcanzado');
        full = true;
        return false;
      }
      seen.add(key);
      pending.set(anuncioId, (pending.get(anuncioId) ?? 0) + 1);
      return true;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
