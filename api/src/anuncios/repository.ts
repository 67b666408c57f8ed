/** The SQL of the listing calls other than search (search-query.ts). */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { agenciaMiembros, agencias, anuncios, users, type AnuncioRow, type NewAnuncioRow } from '../db/schema';
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

/**
 * Whose plan an owner's listings use (issue 46, decision 0042): a member of an agency uses the
 * agency's, the administrator's plan against the agency's active listings (its source); anyone
 * else their own. The same rule as anuncio_claim_slot (migration 0025).
 */
export interface QuotaScope {
  /** The account whose row is locked and whose plan counts. */
  holderId: string;
  /** The agency's slug when the quota is the agency's. */
  agency: string | null;
}

const admins = alias(agenciaMiembros, 'admins');

export async function quotaScopeOf(tx: Executor, ownerId: string): Promise<QuotaScope> {
  const [m] = await tx
    .select({ slug: agencias.slug, adminId: admins.userId })
    .from(agenciaMiembros)
    .innerJoin(agencias, eq(agencias.id, agenciaMiembros.agenciaId))
    .innerJoin(admins, and(eq(admins.agenciaId, agenciaMiembros.agenciaId), eq(admins.role, 'admin')))
    .where(eq(agenciaMiembros.userId, ownerId))
    .limit(1);
  return m ? { holderId: m.adminId, agency: m.slug } : { holderId: ownerId, agency: null };
}

/** The slug of the agency the account belongs to (null for none), as a subquery for the listing's INSERT. */
export const memberAgencySlug = (userId: string) =>
  sql<string | null>`(SELECT ${agencias.slug} FROM ${agenciaMiembros} JOIN ${agencias} ON ${agencias.id} = ${agenciaMiembros.agenciaId} WHERE ${agenciaMiembros.userId} = ${userId}::uuid)`;

export interface QuotaLock extends QuotaScope {
  miPlan: number;
}

/** Locks the plan the owner's listings use (their own row, or their agency administrator's) and answers it. */
export async function lockQuota(tx: Executor, ownerId: string): Promise<QuotaLock> {
  const scope = await quotaScopeOf(tx, ownerId);
  return { ...scope, miPlan: await lockOwnerPlan(tx, scope.holderId) };
}

const usingSlots = (ownerId: string, scope: QuotaScope) => and(scope.agency ? eq(anuncios.source, scope.agency) : eq(anuncios.ownerId, ownerId), countsAgainstQuota);

/** Throws QuotaError when the active listings the quota counts already fill the plan (call under lockQuota). */
export async function assertFreeSlot(tx: Executor, ownerId: string, quota: QuotaLock): Promise<void> {
  const [used] = await tx.select({ n: count() }).from(anuncios).where(usingSlots(ownerId, quota));
  if (Number(used?.n ?? 0) >= quota.miPlan) throw new QuotaError('quota reached');
}

/** The plan an account's listings use and how many of its slots are taken (no lock: for display and early answers). */
export async function quotaOf(db: Db, ownerId: string): Promise<{ miPlan: number; used: number; agency: string | null }> {
  const scope = await quotaScopeOf(db, ownerId);
  const [holder] = await db.select({ miPlan: users.miPlan }).from(users).where(eq(users.id, scope.holderId));
  const [used] = await db.select({ n: count() }).from(anuncios).where(usingSlots(ownerId, scope));
  return { miPlan: holder?.miPlan ?? 0, used: Number(used?.n ?? 0), agency: scope.agency };
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
export async function insertWithinQuota(db: Db, ownerId: string, values: Omit<NewAnuncioRow, 'ownerId' | 'source'> & { source?: string | null | SQL<string | null> }): Promise<AnuncioRow> {
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
