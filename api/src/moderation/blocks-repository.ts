/**
 * The SQL of blocking and unblocking an account (issues 23 and 40). Blocking ends every session
 * (token version), hides every listing (`bloqueado`, which anuncio_searchable() reads), resolves
 * their open reports and keeps what the block covers (blocked_phones, blocked_photos: see
 * blocked-content.ts). Unblocking undoes all of it but the resolved reports and the ended sessions.
 */
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { MODERACION_PAGE_SIZE, type BloqueadosResponse } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncios, blockedPhones, blockedPhotos, moderationEvents, users, type AnuncioRow, type UserRow } from '../db/schema';
import { recordEvent, resolveReports, type Moderator } from './repository';
import type { BlockMarks } from './blocked-content';

type Blocked = { user: UserRow; listings: AnuncioRow[] };

/** Bloquear usuario: login refused, sessions ended, listings hidden and their reports resolved, its phones and photos covered. */
export async function blockUser(db: Db, userId: string, who: Moderator, motivo: string, anuncioId: string | null, now: Date, marks: BlockMarks): Promise<Blocked | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ blockedAt: now, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning();
    if (!user) return null;
    const listings = await tx.update(anuncios).set({ bloqueado: true }).where(eq(anuncios.ownerId, userId)).returning();
    await resolveReports(tx, listings.map((l) => l.id), now);
    if (marks.phones.length) await tx.insert(blockedPhones).values(marks.phones.map((phone) => ({ phone, userId }))).onConflictDoNothing();
    if (marks.hashes.length) await tx.insert(blockedPhotos).values(marks.hashes.map((hash) => ({ hash, userId }))).onConflictDoNothing();
    await recordEvent(tx, { anuncioId, userId, accion: 'bloquear', motivo, moderatorId: who.id, moderatorEmail: who.email, createdAt: now });
    return { user, listings };
  });
}

/**
 * Desbloquear (issue 40): the account may log in again (its old sessions stay ended), its listings
 * come back in the estado they had, and its phones and photos no longer hold anyone's listings.
 * Null when the account is not blocked.
 */
export async function unblockUser(db: Db, userId: string, who: Moderator, motivo: string, now: Date): Promise<Blocked | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ blockedAt: null })
      .where(and(eq(users.id, userId), isNotNull(users.blockedAt)))
      .returning();
    if (!user) return null;
    const listings = await tx.update(anuncios).set({ bloqueado: false }).where(eq(anuncios.ownerId, userId)).returning();
    await tx.delete(blockedPhones).where(eq(blockedPhones.userId, userId));
    await tx.delete(blockedPhotos).where(eq(blockedPhotos.userId, userId));
    await recordEvent(tx, { anuncioId: null, userId, accion: 'desbloquear', motivo, moderatorId: who.id, moderatorEmail: who.email, createdAt: now });
    return { user, listings };
  });
}

/** A page of blocked accounts, the most recently blocked first, with the reason and what the block covers. */
export async function blockedUsers(db: Db, page: number): Promise<BloqueadosResponse> {
  const blocked = isNotNull(users.blockedAt);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(blocked),
    db
      .select()
      .from(users)
      .where(blocked)
      .orderBy(desc(users.blockedAt), users.id)
      .limit(MODERACION_PAGE_SIZE)
      .offset(page * MODERACION_PAGE_SIZE),
  ]);
  const ids = rows.map((u) => u.id);
  if (!ids.length) return { items: [], total: Number(n), page, pageSize: MODERACION_PAGE_SIZE };
  const [phones, photos, reasons] = await Promise.all([
    db.select().from(blockedPhones).where(inArray(blockedPhones.userId, ids)).orderBy(blockedPhones.phone),
    db.select({ userId: blockedPhotos.userId, n: count() }).from(blockedPhotos).where(inArray(blockedPhotos.userId, ids)).groupBy(blockedPhotos.userId),
    db
      .selectDistinctOn([moderationEvents.userId], { userId: moderationEvents.userId, motivo: moderationEvents.motivo })
      .from(moderationEvents)
      .where(and(inArray(moderationEvents.userId, ids), eq(moderationEvents.accion, 'bloquear')))
      .orderBy(moderationEvents.userId, desc(moderationEvents.id)),
  ]);
  const items = rows.map((u) => ({
    _id: u.id,
    email: u.email,
    name: u.name,
    apellido: u.apellido,
    bloqueadoAt: (u.blockedAt as Date).toISOString(),
    motivo: reasons.find((r) => r.userId === u.id)?.motivo ?? '',
    telefonos: phones.filter((p) => p.userId === u.id).map((p) => p.phone),
    fotos: Number(photos.find((p) => p.userId === u.id)?.n ?? 0),
  }));
  return { items, total: Number(n), page, pageSize: MODERACION_PAGE_SIZE };
}
