/**
 * What the alert job keeps only as long as it can matter (issue 22's tables would otherwise grow
 * for ever): emails sent more than ALERT_EMAIL_KEEP_DAYS ago, emails of blocked accounts that will
 * never be sent (issue 40) once as old, and the record of listings announced to a user when the
 * listing no longer exists. A listing that still exists keeps its record, so renewing it never
 * announces it twice. Other emails never sent (pending, or failed for an operator to look at) stay.
 */
import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alertDeliveries, alertEmails, anuncios, users } from '../db/schema';

const DAY_MS = 24 * 3600_000;
/** Sent alert emails are kept this long (what was sent to whom, for a user's question). */
export const ALERT_EMAIL_KEEP_DAYS = 30;

export interface Pruned {
  emails: number;
  deliveries: number;
}

export async function pruneAlertRecords(db: Db, now: Date): Promise<Pruned> {
  const before = new Date(now.getTime() - ALERT_EMAIL_KEEP_DAYS * DAY_MS);
  const blocked = db.select({ id: users.id }).from(users).where(isNotNull(users.blockedAt));
  const emails = await db
    .delete(alertEmails)
    .where(or(lt(alertEmails.sentAt, before), and(isNull(alertEmails.sentAt), lt(alertEmails.createdAt, before), inArray(alertEmails.userId, blocked))))
    .returning({ id: alertEmails.id });
  const listing = db.select({ one: sql`1` }).from(anuncios).where(eq(anuncios.id, alertDeliveries.anuncioId));
  const deliveries = await db.delete(alertDeliveries).where(notExists(listing)).returning({ id: alertDeliveries.anuncioId });
  return { emails: emails.length, deliveries: deliveries.length };
}
