/** The SQL of the listing calls other than search (search-query.ts). */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { anuncios, users, type AnuncioRow, type NewAnuncioRow } from '../db/schema';
import { statement } from '../db/statements';

/** What the quota counts (issue 20): only an owner's active listings. */
export const countsAgainstQuota = eq(anuncios.estado, 'activo');

/**
 * The public detail: searchable listings, and sold or rented ones (shown with their banner). Which
 * listings search finds is anuncio_searchable() in SQL (migration 0005): status and estado 'activo'.
 */
// Issue 23: a blocked owner's listings are hidden whatever their estado.
export const publiclyVisible = and(eq(anuncios.status, 'published'), inArray(anuncios.estado, ['activo', 'vendido', 'alquilado']), eq(anuncios.bloqueado, false));

// The calls below run on every detail view, edit, delete and publish: built once (db/statements.ts).
const byId = sql.placeholder('id');

export async function findPublished(db: Db, id: string): Promise<AnuncioRow | null> {
  const query = statement(db, 'anuncio:published', () => db.select().from(anuncios).where(and(eq(anuncios.id, byId), publiclyVisible)).limit(1).prepare(''));
  const [row] = (await query.execute({ id })) as AnuncioRow[];
  return row ?? null;
}

export async function findById(db: Db, id: string): Promise<AnuncioRow | null> {
  const query = statement(db, 'anuncio:by-id', () => db.select().from(anuncios).where(eq(anuncios.id, byId)).limit(1).prepare(''));
  const [row] = (await query.execute({ id })) as AnuncioRow[];
  return row ?? null;
}

/** The row as it was deleted (null when it was already gone): what the search caches are told left. */
export async function deleteById(db: Db, id: string): Promise<AnuncioRow | null> {
  const query = statement(db, 'anuncio:delete', () => db.delete(anuncios).where(eq(anuncios.id, byId)).returning().prepare(''));
  const [deleted] = (await query.execute({ id })) as AnuncioRow[];
  return deleted ?? null;
}

export async function listOwn(db: Db, ownerId: string): Promise<AnuncioRow[]> {
  return db.select().from(anuncios).where(eq(anuncios.ownerId, ownerId)).orderBy(desc(anuncios.seq));
}

/** The owner's listings that use a slot of the plan (active ones only). */
export async function countOwn(db: Db, ownerId: string): Promise<number> {
  const query = statement(db, 'anuncio:count-own', () =>
    db.select({ n: count() }).from(anuncios).where(and(eq(anuncios.ownerId, sql.placeholder('owner')), countsAgainstQuota)).prepare(''),
  );
  const [row] = (await query.execute({ owner: ownerId })) as { n: number }[];
  return Number(row?.n ?? 0);
}

export class QuotaError extends Error {}

/** The database or an open transaction on it. */
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the owner's row and answers their plan: concurrent publishes, resumes and renewals of one
 * user queue on that lock, so each sees the count the previous one left (issue 20 reuses it).
 */
export async function lockOwnerPlan(tx: Executor, ownerId: string): Promise<number> {
  const [owner] = await tx.select({ miPlan: users.miPlan }).from(users).where(eq(users.id, ownerId)).for('update');
  if (!owner) throw new QuotaError('owner missing');
  return owner.miPlan;
}

/** Throws QuotaError when the owner's active listings already fill the plan (call under lockOwnerPlan). */
export async function assertFreeSlot(tx: Executor, ownerId: string, miPlan: number): Promise<void> {
  const [used] = await tx.select({ n: count() }).from(anuncios).where(and(eq(anuncios.ownerId, ownerId), countsAgainstQuota));
  if (Number(used?.n ?? 0) >= miPlan) throw new QuotaError('quota reached');
}

/**
 * Inserts the listing if the owner's plan still has room, under a lock on the owner's row.
 * `beforeCommit` runs inside the transaction after the insert; throwing there rolls it back
 * (the publish route uses it to keep nothing when the client has already gone).
 */
export async function insertWithinQuota(db: Db, ownerId: string, values: Omit<NewAnuncioRow, 'ownerId'>, beforeCommit?: () => void): Promise<AnuncioRow> {
  return db.transaction(async (tx) => {
    await assertFreeSlot(tx, ownerId, await lockOwnerPlan(tx, ownerId));
    const [row] = await tx.insert(anuncios).values({ ...values, ownerId }).returning();
    beforeCommit?.();
    return row;
  });
}

