/**
 * The SQL of reports and moderation (issue 23, docs/decisions/0010-reports-and-moderation.md).
 * A report locks its listing's row first, so concurrent reports count one after another and the
 * hold happens once. Moderators' actions lock like the owner's calls (owner, then listing) where
 * a listing may become active again, so an approval never exceeds the owner's plan.
 */
import { and, countDistinct, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { isModerated, type Estado, type EventoHistorial, type ModeracionItem, type MotivoReporte, type Reporte } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioReports, anuncios, moderationEvents, users, type AnuncioRow, type UserRow } from '../db/schema';
import { assertFreeSlot, QuotaError } from '../anuncios/repository';
import { lockForActivation, lockListing, updateListing, type Tx } from '../anuncios/lifecycle-repository';

type EventValues = typeof moderationEvents.$inferInsert;
const DAY_MS = 24 * 3600_000;
/** The Dominican Republic is UTC-4 all year: "one report per day" follows its calendar. */
export const reportDay = (nowMs: number) => new Date(nowMs - 4 * 3600_000).toISOString().slice(0, 10);

export async function recordEvent(tx: Tx | Db, values: EventValues): Promise<void> {
  await tx.insert(moderationEvents).values(values);
}

export interface ReportInput {
  anuncioId: string;
  reporter: string;
  userId: string | null;
  motivo: MotivoReporte;
  comentario: string;
}

export type ReportOutcome = { kind: 'repeated' } | { kind: 'gone' } | { kind: 'recorded'; held: AnuncioRow | null };

/**
 * Records the report (none when this reporter already reported the listing today) and holds the
 * listing when its distinct reporters within `windowDays` reach `threshold`.
 */
export async function addReport(db: Db, input: ReportInput, opts: { now: Date; threshold: number; windowDays: number }): Promise<ReportOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockListing(tx, input.anuncioId);
    if (!row || row.bloqueado || isModerated(row.estado)) return { kind: 'gone' };
    const inserted = await tx
      .insert(anuncioReports)
      .values({ ...input, day: reportDay(opts.now.getTime()), createdAt: opts.now })
      .onConflictDoNothing()
      .returning({ id: anuncioReports.id });
    if (!inserted.length) return { kind: 'repeated' };
    const since = new Date(opts.now.getTime() - opts.windowDays * DAY_MS);
    const [{ n }] = await tx
      .select({ n: countDistinct(anuncioReports.reporter) })
      .from(anuncioReports)
      .where(and(eq(anuncioReports.anuncioId, row.id), isNull(anuncioReports.resolvedAt), gt(anuncioReports.createdAt, since)));
    if (Number(n) < opts.threshold) return { kind: 'recorded', held: null };
    const held = await updateListing(tx, row.id, { estado: 'en revisión', estadoPrevio: row.estado });
    await recordEvent(tx, { anuncioId: row.id, userId: row.ownerId, accion: 'en_revision', motivo: `${Number(n)} reportes de personas distintas en ${opts.windowDays} días`, createdAt: opts.now });
    return { kind: 'recorded', held };
  });
}

async function resolveReports(tx: Tx, anuncioIds: string[], now: Date): Promise<void> {
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
 * the plan full meanwhile it comes back paused, for the owner to resume.
 */
export async function approve(db: Db, id: string, who: Moderator, motivo: string, now: Date): Promise<{ before: AnuncioRow; after: AnuncioRow } | null> {
  return db.transaction(async (tx) => {
    const { row, miPlan } = await lockForActivation(tx, id);
    if (!row) return null;
    const moderated = isModerated(row.estado);
    if (!moderated && !(await hasOpenReports(tx, id))) throw new NotAllowed('nothing to approve');
    let after = row;
    if (moderated) {
      let estado: Estado = row.estadoPrevio && !isModerated(row.estadoPrevio) ? row.estadoPrevio : 'activo';
      if (estado === 'activo' && row.ownerId) {
        try {
          await assertFreeSlot(tx, row.ownerId, miPlan ?? 0);
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

/**
 * Bloquear usuario: login refused, every session ended (token version), every listing hidden
 * (bloqueado, which anuncio_searchable() reads) and its open reports resolved.
 */
export async function blockUser(db: Db, userId: string, who: Moderator, motivo: string, anuncioId: string | null, now: Date): Promise<{ user: UserRow; listings: AnuncioRow[] } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ blockedAt: now, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning();
    if (!user) return null;
    const listings = await tx.update(anuncios).set({ bloqueado: true }).where(eq(anuncios.ownerId, userId)).returning();
    await resolveReports(tx, listings.map((l) => l.id), now);
    await recordEvent(tx, { anuncioId, userId, accion: 'bloquear', motivo, moderatorId: who.id, moderatorEmail: who.email, createdAt: now });
    return { user, listings };
  });
}

const QUEUE_LIMIT = 100;

/** Listings with open reports (held ones always have some), the most recently reported first. */
export async function moderationQueue(db: Db): Promise<ModeracionItem[]> {
  const latest = sql<Date>`max(${anuncioReports.createdAt})`;
  const reported = await db
    .select({ id: anuncioReports.anuncioId, latest })
    .from(anuncioReports)
    .innerJoin(anuncios, eq(anuncios.id, anuncioReports.anuncioId))
    .where(and(isNull(anuncioReports.resolvedAt), eq(anuncios.bloqueado, false)))
    .groupBy(anuncioReports.anuncioId)
    .orderBy(desc(latest))
    .limit(QUEUE_LIMIT);
  const ids = reported.map((r) => r.id);
  if (!ids.length) return [];
  const [rows, reports] = await Promise.all([
    db.select().from(anuncios).where(inArray(anuncios.id, ids)),
    db.select().from(anuncioReports).where(and(inArray(anuncioReports.anuncioId, ids), isNull(anuncioReports.resolvedAt))).orderBy(desc(anuncioReports.createdAt), desc(anuncioReports.id)),
  ]);
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((o): o is string => o !== null))];
  const [owners, events] = await Promise.all([
    ownerIds.length ? db.select().from(users).where(inArray(users.id, ownerIds)) : Promise.resolve([] as UserRow[]),
    db
      .select()
      .from(moderationEvents)
      .where(ownerIds.length ? or(inArray(moderationEvents.anuncioId, ids), inArray(moderationEvents.userId, ownerIds)) : inArray(moderationEvents.anuncioId, ids))
      .orderBy(desc(moderationEvents.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const owner = row.ownerId ? ownerById.get(row.ownerId) : undefined;
    const mine = reports.filter((r) => r.anuncioId === id);
    const historial: EventoHistorial[] = events
      // a user's block shows on each of their listings; other events on their own listing
      .filter((e) => e.anuncioId === id || (e.accion === 'bloquear' && e.userId !== null && e.userId === row.ownerId))
      .map((e) => ({ id: e.id, accion: e.accion, motivo: e.motivo, moderador: e.moderatorEmail, createdAt: e.createdAt.toISOString() }));
    const reportes: Reporte[] = mine.map((r) => ({
      id: r.id,
      motivo: r.motivo,
      comentario: r.comentario,
      reportero: r.userId || r.reporter.startsWith('u:') ? 'usuario' : 'visitante',
      createdAt: r.createdAt.toISOString(),
      resueltoAt: r.resolvedAt?.toISOString() ?? null,
    }));
    return [
      {
        anuncio: { _id: row.id, title: row.title, propiedad: row.propiedad, estado: row.estado, place: row.place, createdAt: row.createdAt.toISOString() },
        dueno: owner ? { _id: owner.id, email: owner.email, name: owner.name, apellido: owner.apellido, bloqueado: owner.blockedAt !== null } : null,
        reportes,
        reporteros: new Set(mine.map((r) => r.reporter)).size,
        historial,
      },
    ];
  });
}

/** The whole history of one listing (and its owner's block), newest first: tests and the audit trail. */
export async function historyOf(db: Db, anuncioId: string) {
  return db.select().from(moderationEvents).where(eq(moderationEvents.anuncioId, anuncioId)).orderBy(desc(moderationEvents.id));
}
