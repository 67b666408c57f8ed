/**
 * The SQL of the moderators' actions on a listing and the moderation trail (issue 23,
 * docs/decisions/0010-reports-and-moderation.md). Reports are in reports-repository.ts, the queue
 * in queue-repository.ts, blocking in blocks-repository.ts (issue 40). Moderators' actions lock
 * like the owner's calls (owner, then listing) where a listing may become active again, so an
 * approval never exceeds the owner's plan.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { isModerated, type Estado } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioReports, moderationEvents, type AnuncioRow } from '../db/schema';
import { assertFreeSlot, QuotaError } from '../anuncios/repository';
import { lockForActivation, lockListing, updateListing, type Tx } from '../anuncios/lifecycle-repository';

type EventValues = typeof moderationEvents.$inferInsert;
/** The Dominican Republic is UTC-4 all year: "one report per day" follows its calendar. */
export const reportDay = (nowMs: number) => new Date(nowMs - 4 * 3600_000).toISOString().slice(0, 10);

export async function recordEvent(tx: Tx | Db, values: EventValues): Promise<void> {
  await tx.insert(moderationEvents).values(values);
}

export async function resolveReports(tx: Tx, anuncioIds: string[], now: Date): Promise<void> {
  if (!anuncioIds.length) return;
  await tx
    .update(anuncioReports)
    .set({ resolvedAt: now })
    .where(and(inArray(anuncioReports.anuncioId, anuncioIds), isNull(anuncioReports.resolvedAt)));
}

async function hasOpenReports(tx: Tx, anuncioId: string): Promise<boolean> {
  const [row] = await tx.select({ id: anuncioReports.id }).from(anuncioReports).where(and(eq(anuncioReports.anuncioId, anuncioId), isNull(anuncioReports.resolvedAt))).limit(1);
  return Boolean(row);
}

export interface Moderator {
  id: string;
  email: string;
}
export class NotAllowed extends Error {}

/**
 * Aprobar: the open reports are resolved and a held or withdrawn listing gets back the estado it
 * had (active, sold, rented). Active needs a free slot of the owner's plan, as resuming does; with
 * the plan full meanwhile it comes back paused, for the owner to resume. Reports do not hold it
 * again for APPROVAL_IMMUNITY_DAYS (issue 40: reports-repository.ts reads this event).
 */
export async function approve(db: Db, id: string, who: Moderator, motivo: string, now: Date): Promise<{ before: AnuncioRow; after: AnuncioRow } | null> {
  return db.transaction(async (tx) => {
    const { row, quota } = await lockForActivation(tx, id);
    if (!row) return null;
    const moderated = isModerated(row.estado);
    if (!moderated && !(await hasOpenReports(tx, id))) throw new NotAllowed('nothing to approve');
    let after = row;
    if (moderated) {
      let estado: Estado = row.estadoPrevio && !isModerated(row.estadoPrevio) ? row.estadoPrevio : 'activo';
      if (estado === 'activo' && row.ownerId && quota) {
        try {
          await assertFreeSlot(tx, row.ownerId, quota);
        } catch (err) {
          if (!(err instanceof QuotaError)) throw err;
          estado = 'pausado';
        }
      }
      after = await updateListing(tx, id, { estado, estadoPrevio: null });
    }
    await resolveReports(tx, [id], now);
    await recordEvent(tx, { anuncioId: id, userId: row.ownerId, accion: 'aprobar', motivo, moderatorId: who.id, moderatorEmail: who.email, createdAt: now });
    return { before: row, after };
  });
}

/** Retirar: hidden for good (the owner may only delete it); the open reports are resolved. */
export async function withdraw(db: Db, id: string, who: Moderator, motivo: string, now: Date): Promise<{ before: AnuncioRow; after: AnuncioRow } | null> {
  return db.transaction(async (tx) => {
    const row = await lockListing(tx, id);
    if (!row) return null;
    if (row.estado === 'retirado') throw new NotAllowed('already withdrawn');
    const estadoPrevio = row.estado === 'en revisión' ? row.estadoPrevio : row.estado;
    const after = await updateListing(tx, id, { estado: 'retirado', estadoPrevio });
    await resolveReports(tx, [id], now);
    await recordEvent(tx, { anuncioId: id, userId: row.ownerId, accion: 'retirar', motivo, moderatorId: who.id, moderatorEmail: who.email, createdAt: now });
    return { before: row, after };
  });
}

/** The whole history of one listing (and its owner's block), newest first: tests and the audit trail. */
export async function historyOf(db: Db, anuncioId: string) {
  return db.select().from(moderationEvents).where(eq(moderationEvents.anuncioId, anuncioId)).orderBy(desc(moderationEvents.id));
}
