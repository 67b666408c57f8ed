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

/**
 * Deletes the listing if `ownerId` owns it, in one statement: the row as it was deleted, or null
 * when there is no such listing of theirs (the caller then tells "not found" from "not yours").
 */
export async function deleteOwned(db: Db, id: string, ownerId: string): Promise<AnuncioRow | null> {
  const query = statement(db, 'anuncio:delete-owned', () =>
    db.delete(anuncios).where(and(eq(anuncios.id, byId), eq(anuncios.ownerId, sql.placeholder('owner')))).returning().prepare(''),
  );
  const [deleted] = (await query.execute({ id, owner: ownerId })) as AnuncioRow[];
  return deleted ?? null;
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

/** The SQLSTATE `anuncio_claim_slot` raises when the plan is full or the owner is gone (migration 0015). */
const NO_FREE_SLOT = 'RDQ01';

/** The SQLSTATE of a database error, also when drizzle wraps it (DrizzleQueryError.cause). */
function sqlStateOf(err: unknown): unknown {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code ?? cause?.code;
}

/**
 * Inserts the listing if the owner's plan still has room, in one statement (issue 18: one round
 * trip instead of five): its owner_id is `anuncio_claim_slot(owner)`, which locks the owner's row
 * (lockOwnerPlan's lock) for the statement's transaction and refuses when the owner's active
 * listings fill the plan, counted after the lock is granted (migration 0015 says why that is
 * exact under concurrent publishes). Throws QuotaError then.
 */
export async function insertWithinQuota(db: Db, ownerId: string, values: Omit<NewAnuncioRow, 'ownerId'>): Promise<AnuncioRow> {
  try {
    const [row] = await db
      .insert(anuncios)
      .values({ ...values, ownerId: sql`anuncio_claim_slot(${ownerId}::uuid)` })
      .returning();
    return row as AnuncioRow;
  } catch (err) {
    if (sqlStateOf(err) === NO_FREE_SLOT) throw new QuotaError('quota reached');
    throw err;
  }
}
