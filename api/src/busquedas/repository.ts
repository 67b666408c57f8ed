/**
 * The SQL of saved searches (issue 22). Creating one takes the user's row lock, so two saves at
 * once can never pass BUSQUEDAS_MAX nor save the same filters twice (issue 39).
 */
import { and, desc, eq } from 'drizzle-orm';
import { BUSQUEDAS_MAX, searchIdentity, type Filters, type Frecuencia, type SavedSearch } from 'shared-contracts';
import type { Db } from '../db/client';
import { savedSearches, users } from '../db/schema';
import { nextDueAt } from './schedule';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export class BusquedasLimitError extends Error {}
/** Issue 39: the user already saved these filters (as `nombre`). */
export class BusquedaRepetidaError extends Error {
  constructor(readonly nombre: string) {
    super('búsqueda repetida');
  }
}

export const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  _id: row.id,
  nombre: row.nombre,
  filters: row.filters,
  frecuencia: row.frecuencia,
  alertas: row.unsubscribedAt === null,
  createdAt: row.createdAt.toISOString(),
});

export function listSearches(db: Db, userId: string): Promise<SavedSearchRow[]> {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt));
}

export async function createSearch(db: Db, userId: string, values: { nombre: string; filters: Filters; frecuencia: Frecuencia }, now: Date): Promise<SavedSearchRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    // At most BUSQUEDAS_MAX rows: the identity is compared here, under the lock, in one place.
    const mine = await tx.select({ nombre: savedSearches.nombre, filters: savedSearches.filters }).from(savedSearches).where(eq(savedSearches.userId, userId));
    const identity = searchIdentity(values.filters);
    const same = mine.find((s) => searchIdentity(s.filters) === identity);
    if (same) throw new BusquedaRepetidaError(same.nombre);
    if (mine.length >= BUSQUEDAS_MAX) throw new BusquedasLimitError();
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, ...values, nextDueAt: nextDueAt(values.frecuencia, now), createdAt: now })
      .returning();
    return row;
  });
}

/** A frequency given (even the same one) starts its schedule again and turns the alerts back on. */
export async function updateSearch(db: Db, userId: string, id: string, patch: { nombre?: string; frecuencia?: Frecuencia }, now: Date): Promise<SavedSearchRow | null> {
  const set: Partial<SavedSearchRow> = {};
  if (patch.nombre !== undefined) set.nombre = patch.nombre;
  if (patch.frecuencia !== undefined) Object.assign(set, { frecuencia: patch.frecuencia, nextDueAt: nextDueAt(patch.frecuencia, now), unsubscribedAt: null });
  const [row] = await db.update(savedSearches).set(set).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning();
  return row ?? null;
}

export async function deleteSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** The one-click unsubscribe: answers the search's name, or null when it no longer exists. */
export async function unsubscribeSearch(db: Db, id: string, now: Date): Promise<string | null> {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
  if (!row) return null;
  if (row.unsubscribedAt === null) await db.update(savedSearches).set({ unsubscribedAt: now }).where(eq(savedSearches.id, id));
  return row.nombre;
}
