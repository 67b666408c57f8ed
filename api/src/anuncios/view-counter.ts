/**
 * Detail views per listing (issues 21 and 40): one view per client, listing and Dominican day
 * (UTC-4), whatever the user agent; only listings the public can open (publiclyVisible); at most
 * `perListingPerDay` views a day per listing, so no listing is pushed without bound and no flood on
 * one stops the counting of the others (there is no global cap).
 *
 * A client is what the rate limits count (an IPv4 address or an IPv6 /64). Who was counted today
 * lives in the database (`anuncio_vista_claves`), so every API instance on one PostgreSQL counts a
 * client once (DESIGN: nothing that must be shared lives in one process's memory). The stored key
 * is an HMAC of client and listing under a key derived from JWT_SECRET (the same on every
 * instance) and the day: the table names no address, and a day's keys are deleted once it is over.
 *
 * The totals are written in batches (`anuncio_vistas`, every STATS_FLUSH_MS and when the API
 * closes), so counting never waits on a popular listing's row: what a process holds is only its
 * own views not yet written (at most one number per public listing), which each instance adds to
 * the totals, so nothing there needs sharing. A batch written just after midnight counts against
 * the new day's bound.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { anuncios } from '../db/schema';
import { publiclyVisible } from './repository';

const DR_OFFSET_MS = 4 * 3600_000;
const DAY_MS = 24 * 3600_000;

export interface ViewLimits {
  /** Views counted per listing and day; past it that listing's views wait for the next day. */
  perListingPerDay: number;
}
export const VIEW_LIMITS: ViewLimits = { perListingPerDay: 5_000 };

export interface ViewCounter {
  /** Counts the view unless this client was counted on this listing today, or the listing is not public or at its bound. */
  view(anuncioId: string, client: string): Promise<boolean>;
  /** Writes the buffered totals (kept for the next flush if the write fails) and deletes past days' keys. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is buffered. */
  close(): Promise<void>;
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** The Dominican calendar day of an instant, as a day number. */
export const dominicanDay = (ms: number) => Math.floor((ms - DR_OFFSET_MS) / DAY_MS);

export function createViewCounter(
  db: Db,
  opts: { now: () => number; flushMs: number; log: FastifyBaseLogger; secret: string; limits?: Partial<ViewLimits> },
): ViewCounter {
  const bound = { ...VIEW_LIMITS, ...opts.limits }.perListingPerDay;
  let dayKey = { day: -1, key: Buffer.alloc(0) };
  let pending = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  let prunedDay = -1;

  const keyOf = (day: number) => {
    if (dayKey.day !== day) dayKey = { day, key: crypto.createHmac('sha256', opts.secret).update(`vistas:${day}`).digest() };
    return dayKey.key;
  };

  /** One statement: the client's key for today is stored if the listing is public and under its bound; true when it was new. */
  async function claim(anuncioId: string, client: string, day: number): Promise<boolean> {
    const clave = crypto.createHmac('sha256', keyOf(day)).update(`${client}\n${anuncioId}`).digest('base64url').slice(0, 22);
    const result = await db.execute(sql`
      insert into anuncio_vista_claves (dia, clave)
      select ${day}::int, ${clave}::text from ${anuncios}
      where ${and(eq(anuncios.id, anuncioId), publiclyVisible)}
        and not exists (select 1 from anuncio_vistas v where v.anuncio_id = ${anuncios.id} and v.dia >= ${day}::int and v.dia_count >= ${bound}::int)
      on conflict do nothing
      returning 1`);
    return rowsOf(result).length > 0;
  }

  /** Adds a batch to the totals; a listing's count of the day stops at the bound (instances may claim a little past it between flushes). */
  async function write(batch: Map<string, number>, day: number): Promise<void> {
    const values = [...batch].map(([id, n]) => sql`(${id}::uuid, ${n}::int)`);
    const before = sql`(case when anuncio_vistas.dia >= excluded.dia then anuncio_vistas.dia_count else 0 end)`;
    const added = sql`greatest(0, least(excluded.dia_count, ${bound}::int - ${before}))`;
    // listings deleted meanwhile drop out through the join
    await db.execute(sql`
      insert into anuncio_vistas (anuncio_id, count, last_at, dia, dia_count)
      select a.id, least(v.n, ${bound}::int), now(), ${day}::int, least(v.n, ${bound}::int)
      from (values ${sql.join(values, sql`, `)}) as v(id, n) join anuncios a on a.id = v.id
      on conflict (anuncio_id) do update set
        count = anuncio_vistas.count + ${added},
        dia_count = ${before} + ${added},
        dia = greatest(anuncio_vistas.dia, excluded.dia),
        last_at = excluded.last_at`);
  }

  /** Past days' keys: nobody can be counted against them any more. */
  async function prune(day: number): Promise<void> {
    if (prunedDay === day) return;
    await db.execute(sql`delete from anuncio_vista_claves where dia < ${day}::int`);
    prunedDay = day;
  }

  const flush = (): Promise<void> => {
    writing = writing.then(async () => {
      const day = dominicanDay(opts.now());
      await prune(day).catch((err) => opts.log.error({ err }, 'no se pudieron borrar las claves de vistas de días pasados'));
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      try {
        await write(batch, day);
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
    async view(anuncioId, client) {
      if (!(await claim(anuncioId, client, dominicanDay(opts.now())))) return false;
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
