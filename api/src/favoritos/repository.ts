/**
 * The SQL of favourites (issue 22). Adding takes the user's row lock first, so two hearts pressed
 * at once can never pass FAVORITOS_MAX; the merge at login adds the visitor's list the same way.
 * A favourite starts with the listing's price as the one its user knows (issue 40: a price-drop
 * alert needs a price below it, price-drop-claim.ts).
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { FAVORITOS_MAX } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncios, favoritos, users, type AnuncioRow } from '../db/schema';

export class FavoritosLimitError extends Error {}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function countOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(favoritos).where(eq(favoritos.userId, userId));
  return Number(row?.n ?? 0);
}

export async function listFavoritos(db: Db, userId: string): Promise<{ anuncioId: string; createdAt: Date; row: AnuncioRow | null }[]> {
  const rows = await db
    .select({ anuncioId: favoritos.anuncioId, createdAt: favoritos.createdAt, row: anuncios })
    .from(favoritos)
    .leftJoin(anuncios, eq(anuncios.id, favoritos.anuncioId))
    .where(eq(favoritos.userId, userId))
    .orderBy(desc(favoritos.createdAt), desc(favoritos.anuncioId));
  return rows;
}

/** The listing's price as a favourite's starting alert price. */
const knownPrice = { id: anuncios.id, alertPrice: anuncios.price, alertMoneda: anuncios.moneda, alertPriceRd: anuncios.priceRd };

export async function listingExists(db: Db, anuncioId: string): Promise<boolean> {
  const [row] = await db.select({ id: anuncios.id }).from(anuncios).where(eq(anuncios.id, anuncioId)).limit(1);
  return Boolean(row);
}

/** Adds one (idempotent); throws FavoritosLimitError when the list is full. */
export async function addFavorito(db: Db, userId: string, anuncioId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [already] = await tx
      .select({ id: favoritos.anuncioId })
      .from(favoritos)
      .where(and(eq(favoritos.userId, userId), eq(favoritos.anuncioId, anuncioId)));
    if (already) return;
    if ((await countOf(tx, userId)) >= FAVORITOS_MAX) throw new FavoritosLimitError();
    const [price] = await tx.select(knownPrice).from(anuncios).where(eq(anuncios.id, anuncioId));
    await tx
      .insert(favoritos)
      .values({ userId, anuncioId, createdAt: now, alertPrice: price?.alertPrice, alertMoneda: price?.alertMoneda, alertPriceRd: price?.alertPriceRd })
      .onConflictDoNothing();
  });
}

export async function removeFavorito(db: Db, userId: string, anuncioId: string): Promise<void> {
  await db.delete(favoritos).where(and(eq(favoritos.userId, userId), eq(favoritos.anuncioId, anuncioId)));
}

/**
 * The visitor's list (newest first) merged into the account at login: existing listings only, as
 * many as fit under FAVORITOS_MAX, the newest kept first; the account's own favourites stay.
 */
export async function mergeFavoritos(db: Db, userId: string, ids: string[], now: Date): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = new Map((await tx.select(knownPrice).from(anuncios).where(inArray(anuncios.id, ids))).map((r) => [r.id, r]));
    const mine = new Set(
      (await tx.select({ id: favoritos.anuncioId }).from(favoritos).where(and(eq(favoritos.userId, userId), inArray(favoritos.anuncioId, ids)))).map((r) => r.id),
    );
    const room = FAVORITOS_MAX - (await countOf(tx, userId));
    const fresh = [...new Set(ids)].filter((id) => existing.has(id) && !mine.has(id)).slice(0, Math.max(0, room));
    if (!fresh.length) return 0;
    // One millisecond apart, so the list keeps the visitor's order (newest first).
    await tx
      .insert(favoritos)
      .values(
        fresh.map((anuncioId, i) => {
          const { alertPrice, alertMoneda, alertPriceRd } = existing.get(anuncioId)!;
          return { userId, anuncioId, createdAt: new Date(now.getTime() - i), alertPrice, alertMoneda, alertPriceRd };
        }),
      )
      .onConflictDoNothing();
    return fresh.length;
  });
}

/** Issue 39: whether the account gets its favourites' price-drop emails. */
export async function priceAlertsOn(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ off: users.priceAlertsOffAt }).from(users).where(eq(users.id, userId));
  return row?.off === null;
}

/** Turns them on or off (the moment they were turned off is kept until they are on again). */
export async function setPriceAlerts(db: Db, userId: string, on: boolean, now: Date): Promise<void> {
  if (on) await db.update(users).set({ priceAlertsOffAt: null }).where(eq(users.id, userId));
  else await db.update(users).set({ priceAlertsOffAt: now }).where(and(eq(users.id, userId), isNull(users.priceAlertsOffAt)));
}
