/**
 * What the alert job keeps only as long as it can matter (issue 22's tables would otherwise grow
 * for ever): emails sent more than ALERT_EMAIL_KEEP_DAYS ago, the record of price drops too old to
 * be news (alert-claim.ts DROP_WINDOW_DAYS), and the record of listings announced to a search when
 * the listing no longer exists. A listing that still exists keeps its record, so renewing it never
 * announces it twice. Emails never sent (pending, or failed for an operator to look at) stay.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { DROP_WINDOW_DAYS } from './alert-claim';

const DAY_MS = 24 * 3600_000;
/** Sent alert emails are kept this long (what was sent to whom, for a user's question). */
export const ALERT_EMAIL_KEEP_DAYS = 30;

export interface Pruned {
  emails: number;
  priceDrops: number;
  deliveries: number;
}

const affected = (result: unknown) => Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);

export async function pruneAlertRecords(db: Db, now: Date): Promise<Pruned> {
  const emailsBefore = new Date(now.getTime() - ALERT_EMAIL_KEEP_DAYS * DAY_MS);
  const dropsBefore = new Date(now.getTime() - DROP_WINDOW_DAYS * DAY_MS);
  const emails = await db.execute(sql`DELETE FROM alert_emails WHERE sent_at < ${emailsBefore}`);
  const priceDrops = await db.execute(sql`
    DELETE FROM alert_price_drops d USING anuncio_price_changes c
    WHERE c.id = d.price_change_id AND c.changed_at < ${dropsBefore}`);
  const deliveries = await db.execute(sql`
    DELETE FROM alert_deliveries d
    WHERE NOT EXISTS (SELECT 1 FROM anuncios a WHERE a.id = d.anuncio_id)`);
  return { emails: affected(emails), priceDrops: affected(priceDrops), deliveries: affected(deliveries) };
}
