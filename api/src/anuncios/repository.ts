/** The SQL of the listing calls. */
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Filters } from 'shared-contracts';
import { PAGE_SIZE } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncios, users, type AnuncioRow, type NewAnuncioRow } from '../db/schema';
import { spanishCollator, type OptionLists } from './search-cache';

const published = eq(anuncios.status, 'published');

/** SPEC §3 "Filters": exact matches, rooms "at least", inclusive ranges, RD$ when no currency. */
export function filterConditions(filters: Filters): SQL[] {
  const where: SQL[] = [published];
  if (filters.place) where.push(eq(anuncios.place, filters.place));
  if (filters.locality) where.push(eq(anuncios.locality, filters.locality));
  if (filters.region) where.push(eq(anuncios.region, filters.region));
  if (filters.proposito) where.push(eq(anuncios.proposito, filters.proposito));
  if (filters.propiedad) where.push(eq(anuncios.propiedad, filters.propiedad));
  if (filters.habitaciones !== undefined) where.push(gte(anuncios.habitaciones, filters.habitaciones));
  if (filters.metrosMin !== undefined) where.push(gte(anuncios.metros, filters.metrosMin));
  if (filters.metrosMax !== undefined) where.push(lte(anuncios.metros, filters.metrosMax));
  const priceColumn = filters.moneda ? anuncios.price : anuncios.priceRd;
  if (filters.moneda) where.push(eq(anuncios.moneda, filters.moneda));
  if (filters.precioMin !== undefined) where.push(gte(priceColumn, filters.precioMin));
  if (filters.precioMax !== undefined) where.push(lte(priceColumn, filters.precioMax));
  return where;
}

/** From this offset on, the page's keys are found first and only its 12 rows are read. */
const DEEP_OFFSET = 120;

export async function searchPage(db: Db, filters: Filters, page: number): Promise<AnuncioRow[]> {
  const where = and(...filterConditions(filters));
  const offset = page * PAGE_SIZE;
  if (offset < DEEP_OFFSET) {
    return db.select().from(anuncios).where(where).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE).offset(offset);
  }
  // Deep pages: skipping rows costs only index entries (an index-only scan when no filter needs
  // the row), instead of reading and discarding every skipped row in full.
  const keys = db.select({ seq: anuncios.seq }).from(anuncios).where(where).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE).offset(offset);
  return db.select().from(anuncios).where(and(published, inArray(anuncios.seq, keys))).orderBy(desc(anuncios.seq));
}

export async function searchCount(db: Db, filters: Filters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(anuncios).where(and(...filterConditions(filters)));
  return Number(row?.n ?? 0);
}

type OptionColumn = typeof anuncios.place | typeof anuncios.region | typeof anuncios.locality;

async function distinctValues(db: Db, column: OptionColumn): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: column })
    .from(anuncios)
    .where(and(published, ne(column, '')))
    .orderBy(asc(column));
  return rows.map((r) => r.value).sort(spanishCollator.compare);
}

export async function optionLists(db: Db): Promise<OptionLists> {
  const [placeOptions, regionOptions, localityOptions] = await Promise.all([
    distinctValues(db, anuncios.place),
    distinctValues(db, anuncios.region),
    distinctValues(db, anuncios.locality),
  ]);
  return { placeOptions, regionOptions, localityOptions };
}

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

