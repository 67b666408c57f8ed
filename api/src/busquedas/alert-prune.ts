/**
 * What the alert job keeps only as long as it can matter (issue 22's tables would otherwise grow
 * for ever): emails sent more than ALERT_EMAIL_KEEP_DAYS ago, the record of price drops too old to
 * be news (alert-claim.ts DROP_WINDOW_DAYS), and the record of listings announced to a search when
 * the listing no longer exists. A listing that still exists keeps its record, so renewing it never
 * announces it twice. Emails never sent (pending, or failed for an operator to look at) stay.
 */
import { eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alertDeliveries, alertEmails, alertPriceDrops, anuncioPriceChanges, anuncios } from '../db/schema';
import { DROP_WINDOW_DAYS } from './alert-claim';

const DAY_MS = 24 * 3600_000;
/** Sent alert emails are kept this long (what was sent to whom, for a user's question). */
export const ALERT_EMAIL_KEEP_DAYS = 30;

export interface Pruned {
  emails: number;
  priceDrops: number;
  deliveries: number;
}

export async function pruneAlertRecords(db: Db, now: Date): Promise<Pruned> {
  const emailsBefore = new Date(now.getTime() - ALERT_EMAIL_KEEP_DAYS * DAY_MS);
  const dropsBefore = new Date(now.getTime() - DROP_WINDOW_DAYS * DAY_MS);
  const emails = await db.delete(alertEmails).where(lt(alertEmails.sentAt, emailsBefore)).returning({ id: alertEmails.id });
  const oldDrops = db.select({ id: anuncioPriceChanges.id }).from(anuncioPriceChanges).where(lt(anuncioPriceChanges.changedAt, dropsBefore));
  const priceDrops = await db.delete(alertPriceDrops).where(inArray(alertPriceDrops.priceChangeId, oldDrops)).returning({ id: alertPriceDrops.priceChangeId });
  const listing = db.select({ one: sql`1` }).from(anuncios).where(eq(anuncios.id, alertDeliveries.anuncioId));
  const deliveries = await db.delete(alertDeliveries).where(notExists(listing)).returning({ id: alertDeliveries.anuncioId });
  return { emails: emails.length, priceDrops: priceDrops.length, deliveries: deliveries.length };
}
