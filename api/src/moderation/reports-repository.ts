/**
 * The SQL of a report (issues 23 and 40, docs/decisions/0016-reports-that-cannot-be-weaponised.md).
 * A report locks its listing's row first, so concurrent reports count one after another and the
 * hold happens once. Every report is kept for the moderators; only reports that `count` (accounts
 * with standing, decided by the caller) move a listing toward a hold, one per account and per
 * network, and not while an approval protects it. Without moderators the listing is flagged in its
 * history instead of hidden.
 */
import { and, countDistinct, desc, eq, gt, isNull } from 'drizzle-orm';
import { MOTIVO_RETENCION, isModerated, type MotivoReporte } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioReports, moderationEvents, type AnuncioRow } from '../db/schema';
import { lockListing, updateListing, type Tx } from '../anuncios/lifecycle-repository';
import { recordEvent, reportDay } from './repository';

const DAY_MS = 24 * 3600_000;

export interface ReportInput {
  anuncioId: string;
  reporter: string;
  userId: string | null;
  /** The client key of the request (IPv4 address or IPv6 /64). */
  network: string;
  /** Whether it counts toward a hold: an account with standing (anuncios/report-routes.ts). */
  counts: boolean;
  motivo: MotivoReporte;
  comentario: string;
}

export interface HoldRules {
  now: Date;
  /** REPORTS_TO_HOLD. */
  threshold: number;
  windowDays: number;
  /** APPROVAL_IMMUNITY_DAYS. */
  immunityDays: number;
  /** Whether a moderator is configured: without one nothing is hidden automatically, it is flagged. */
  moderated: boolean;
}

export type ReportOutcome = { kind: 'repeated' } | { kind: 'gone' } | { kind: 'recorded'; held: AnuncioRow | null };

/** Reporters that count within the window: accounts with standing, and no more than their networks. */
async function countingReporters(tx: Tx, anuncioId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ accounts: countDistinct(anuncioReports.reporter), networks: countDistinct(anuncioReports.network) })
    .from(anuncioReports)
    .where(and(eq(anuncioReports.anuncioId, anuncioId), eq(anuncioReports.counts, true), isNull(anuncioReports.resolvedAt), gt(anuncioReports.createdAt, since)));
  return Math.min(Number(row?.accounts ?? 0), Number(row?.networks ?? 0));
}

/** The last approval of the listing, if any. */
export async function lastApproval(db: Tx | Db, anuncioId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: moderationEvents.createdAt })
    .from(moderationEvents)
    .where(and(eq(moderationEvents.anuncioId, anuncioId), eq(moderationEvents.accion, 'aprobar')))
    .orderBy(desc(moderationEvents.id))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Records the report (none when this reporter already reported the listing today) and holds the
 * listing (or flags it, without moderators) when the reporters that count within the window reach
 * the threshold, unless a moderator approved it within the immunity period.
 */
export async function addReport(db: Db, input: ReportInput, rules: HoldRules): Promise<ReportOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockListing(tx, input.anuncioId);
    if (!row || row.bloqueado || isModerated(row.estado)) return { kind: 'gone' };
    const inserted = await tx
      .insert(anuncioReports)
      .values({ ...input, ownerId: row.ownerId, day: reportDay(rules.now.getTime()), createdAt: rules.now })
      .onConflictDoNothing()
      .returning({ id: anuncioReports.id });
    if (!inserted.length) return { kind: 'repeated' };
    if (!input.counts) return { kind: 'recorded', held: null };
    const n = await countingReporters(tx, row.id, new Date(rules.now.getTime() - rules.windowDays * DAY_MS));
    if (n < rules.threshold) return { kind: 'recorded', held: null };
    const approved = await lastApproval(tx, row.id);
    if (approved && approved.getTime() > rules.now.getTime() - rules.immunityDays * DAY_MS) return { kind: 'recorded', held: null };
    const motivo = MOTIVO_RETENCION.reportes(n, rules.windowDays);
    if (!rules.moderated) {
      // Flagged once each time the count reaches the threshold, not on every report after it.
      if (n === rules.threshold) await recordEvent(tx, { anuncioId: row.id, userId: row.ownerId, accion: 'marcado', motivo, createdAt: rules.now });
      return { kind: 'recorded', held: null };
    }
    const held = await updateListing(tx, row.id, { estado: 'en revisión', estadoPrevio: row.estado });
    await recordEvent(tx, { anuncioId: row.id, userId: row.ownerId, accion: 'en_revision', motivo, createdAt: rules.now });
    return { kind: 'recorded', held };
  });
}
