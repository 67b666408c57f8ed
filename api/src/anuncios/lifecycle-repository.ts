/**
 * The SQL of an owner's listing life (issue 20): edits with their photos and price history,
 * status changes, renewals and the expiry sweep. Every change that reads and then writes a
 * listing locks its row first (SELECT … FOR UPDATE); a change that makes a listing active first
 * locks the owner's row too (lockOwnerPlan, the same lock publishing takes), so the plan's quota
 * can never be exceeded. Lock order is always owner, then listing.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { PRICE_DROP_WINDOW_DAYS, type Estado, type PrecioAnterior } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioPriceChanges, anuncios, users, type AnuncioRow, type NewAnuncioRow } from '../db/schema';
import { lockQuota, type QuotaLock } from './repository';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const DAY_MS = 24 * 3600_000;

export async function lockListing(tx: Tx, id: string): Promise<AnuncioRow | null> {
  const [row] = await tx.select().from(anuncios).where(eq(anuncios.id, id)).for('update');
  return row ?? null;
}

/** Locks the plan the owner's listings use (when the change may use a slot; an agent's is the agency's), then the listing. */
export async function lockForActivation(tx: Tx, id: string): Promise<{ row: AnuncioRow | null; quota: QuotaLock | null }> {
  const [peek] = await tx.select({ ownerId: anuncios.ownerId }).from(anuncios).where(eq(anuncios.id, id));
  const quota = peek?.ownerId ? await lockQuota(tx, peek.ownerId) : null;
  return { row: await lockListing(tx, id), quota };
}

export type ListingUpdate = Partial<Omit<NewAnuncioRow, 'id' | 'seq' | 'ownerId' | 'source' | 'sourceRef'>>;

export async function updateListing(tx: Tx, id: string, values: ListingUpdate): Promise<AnuncioRow> {
  const [row] = await tx.update(anuncios).set(values).where(eq(anuncios.id, id)).returning();
  return row;
}

/** Keeps the change when the price or its currency moved (nothing is written otherwise). */
export async function recordPriceChange(tx: Tx, before: AnuncioRow, after: { price: number; moneda: 'RD' | 'US'; priceRd: number }, now: Date): Promise<void> {
  if (before.price === after.price && before.moneda === after.moneda) return;
  await tx.insert(anuncioPriceChanges).values({
    anuncioId: before.id,
    previousPrice: before.price,
    previousMoneda: before.moneda,
    previousPriceRd: before.priceRd,
    price: after.price,
    moneda: after.moneda,
    priceRd: after.priceRd,
    changedAt: now,
  });
}

/** The previous price when the last change lowered it within PRICE_DROP_WINDOW_DAYS ("Bajó de precio"). */
export async function recentPriceDrop(db: Db, anuncioId: string, nowMs: number): Promise<PrecioAnterior | null> {
  const [last] = await db
    .select()
    .from(anuncioPriceChanges)
    .where(eq(anuncioPriceChanges.anuncioId, anuncioId))
    .orderBy(desc(anuncioPriceChanges.changedAt), desc(anuncioPriceChanges.id))
    .limit(1);
  if (!last || last.priceRd >= last.previousPriceRd) return null;
  if (last.changedAt.getTime() < nowMs - PRICE_DROP_WINDOW_DAYS * DAY_MS) return null;
  return { price: last.previousPrice, moneda: last.previousMoneda, changedAt: last.changedAt.toISOString() };
}

export async function priceChangesOf(db: Db, anuncioId: string) {
  return db.select().from(anuncioPriceChanges).where(eq(anuncioPriceChanges.anuncioId, anuncioId)).orderBy(anuncioPriceChanges.id);
}

const ownersActive = and(eq(anuncios.estado, 'activo' satisfies Estado), isNotNull(anuncios.ownerId));

/** Owners' active listings whose period ended: now `vencido`. */
export async function expireDue(tx: Tx, cutoff: Date): Promise<string[]> {
  const rows = await tx
    .update(anuncios)
    .set({ estado: 'vencido' })
    .where(and(ownersActive, lte(anuncios.renewedAt, cutoff)))
    .returning({ id: anuncios.id });
  return rows.map((r) => r.id);
}

export interface ReminderTarget {
  id: string;
  title: string;
  propiedad: string;
  renewedAt: Date;
  email: string;
  name: string;
}

/**
 * Marks (once per period) and answers the active listings entering their last reminder window.
 * A blocked owner's listings (`bloqueado`, issue 23) are neither reminded nor marked (issue 40).
 */
export async function claimReminders(tx: Tx, windowStart: Date, expiryCutoff: Date, now: Date): Promise<ReminderTarget[]> {
  const claimed = await tx
    .update(anuncios)
    .set({ reminderSentAt: now })
    .where(and(ownersActive, eq(anuncios.bloqueado, false), isNull(anuncios.reminderSentAt), lte(anuncios.renewedAt, windowStart), gt(anuncios.renewedAt, expiryCutoff)))
    .returning({ id: anuncios.id, ownerId: anuncios.ownerId, title: anuncios.title, propiedad: anuncios.propiedad, renewedAt: anuncios.renewedAt });
  if (!claimed.length) return [];
  // The account's own flag too: a listing is marked `bloqueado` in the block's transaction, but
  // the reminder must never depend on every listing having been reached.
  const owners = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [...new Set(claimed.map((c) => c.ownerId as string))]), isNull(users.blockedAt)));
  const byId = new Map(owners.map((o) => [o.id, o]));
  return claimed.flatMap((c) => {
    const owner = byId.get(c.ownerId as string);
    return owner ? [{ id: c.id, title: c.title, propiedad: c.propiedad, renewedAt: c.renewedAt, email: owner.email, name: owner.name }] : [];
  });
}

/** True when this transaction holds the named advisory lock (released at commit or rollback). */
export async function tryAdvisoryXactLock(tx: Tx, key: number): Promise<boolean> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`)) as unknown as { rows: { locked: boolean }[] };
  return result.rows[0]?.locked === true;
}
