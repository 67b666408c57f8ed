/** The SQL of the listing calls other than search (search-query.ts). */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { anuncios, users, type AnuncioRow, type NewAnuncioRow } from '../db/schema';

const published = eq(anuncios.status, 'published');

export async function findPublished(db: Db, id: string): Promise<AnuncioRow | null> {
  const [row] = await db.select().from(anuncios).where(and(eq(anuncios.id, id), published)).limit(1);
  return row ?? null;
}

export async function findById(db: Db, id: string): Promise<AnuncioRow | null> {
  const [row] = await db.select().from(anuncios).where(eq(anuncios.id, id)).limit(1);
  return row ?? null;
}

export async function deleteById(db: Db, id: string): Promise<void> {
  await db.delete(anuncios).where(eq(anuncios.id, id));
}

export async function listOwn(db: Db, ownerId: string): Promise<AnuncioRow[]> {
  return db.select().from(anuncios).where(eq(anuncios.ownerId, ownerId)).orderBy(desc(anuncios.seq));
}

export async function countOwn(db: Db, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(anuncios).where(eq(anuncios.ownerId, ownerId));
  return Number(row?.n ?? 0);
}

export class QuotaError extends Error {}

/**
 * Quota check and insert in one transaction that first locks the owner's row: concurrent
 * submissions by one user queue on that lock, so each sees the count the previous one left.
 */
/**
 * Inserts the listing if the owner's plan still has room, under a lock on the owner's row.
 * `beforeCommit` runs inside the transaction after the insert; throwing there rolls it back
 * (the publish route uses it to keep nothing when the client has already gone).
 */
export async function insertWithinQuota(db: Db, ownerId: string, values: Omit<NewAnuncioRow, 'ownerId'>, beforeCommit?: () => void): Promise<AnuncioRow> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ miPlan: users.miPlan }).from(users).where(eq(users.id, ownerId)).for('update');
    if (!owner) throw new QuotaError('owner missing');
    const [used] = await tx.select({ n: count() }).from(anuncios).where(eq(anuncios.ownerId, ownerId));
    if (Number(used?.n ?? 0) >= owner.miPlan) throw new QuotaError('quota reached');
    const [row] = await tx.insert(anuncios).values({ ...values, ownerId }).returning();
    beforeCommit?.();
    return row;
  });
}

