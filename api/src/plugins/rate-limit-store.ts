/**
 * The rate limits' counters in the database (table rate_limit_hits), behind @fastify/rate-limit's
 * store contract (incr/read/child), so every limiter the plugin creates counts in one place that
 * all API instances share (docs/decisions/0006-several-api-instances.md). Fixed windows on the
 * clock it is given (the app's real clock: tests move it, the test clock route does not). Nothing is evicted to make room, so flooding with new keys cannot reset
 * anyone's counter; rows whose window has ended are swept now and then.
 */
import { lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

type Callback = (err: Error | null, res: { current: number; ttl: number }) => void;

/** Ended windows are deleted after this many counts or this long, whichever comes first. */
const SWEEP_EVERY = { counts: 1000, ms: 10 * 60_000 };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function databaseStore(db: Db, clock: Clock) {
  let counted = 0;
  let sweptAt = clock.now();

  async function sweep(now: number) {
    counted += 1;
    if (counted < SWEEP_EVERY.counts && now - sweptAt < SWEEP_EVERY.ms) return;
    counted = 0;
    sweptAt = now;
    await db.delete(rateLimitHits).where(lte(rateLimitHits.resetAt, now));
  }

  /** One statement: a new or ended window starts at 1, a running one counts up. */
  async function incr(key: string, windowMs: number) {
    const now = clock.now();
    const end = now + windowMs;
    const result = await db.execute(sql`
      INSERT INTO rate_limit_hits AS r (key, hits, reset_at) VALUES (${key}, 1, ${end}::bigint)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.reset_at <= ${now}::bigint THEN 1 ELSE r.hits + 1 END,
        reset_at = CASE WHEN r.reset_at <= ${now}::bigint THEN ${end}::bigint ELSE r.reset_at END
      RETURNING hits, reset_at`);
    const [row] = rowsOf<{ hits: number; reset_at: string | number }>(result);
    await sweep(now);
    return { current: Number(row.hits), ttl: Number(row.reset_at) - now };
  }

  async function read(key: string) {
    const now = clock.now();
    const result = await db.execute(sql`SELECT hits, reset_at FROM rate_limit_hits WHERE key = ${key} AND reset_at > ${now}::bigint`);
    const [row] = rowsOf<{ hits: number; reset_at: string | number }>(result);
    return row ? { current: Number(row.hits), ttl: Number(row.reset_at) - now } : { current: 0, ttl: 0 };
  }

  return class DatabaseStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      incr(key, timeWindow).then((res) => cb(null, res), (err: Error) => cb(err, { current: 0, ttl: 0 }));
    }
    read(key: string, cb: Callback) {
      read(key).then((res) => cb(null, res), (err: Error) => cb(err, { current: 0, ttl: 0 }));
    }
    /** Every limiter counts in the same table: their keys carry the limiter's kind. */
    child() {
      return new DatabaseStore();
    }
  };
}
