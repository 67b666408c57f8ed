/**
 * Price-drop alerts of favourites (issues 39 and 40), claimed in the alert job's transaction.
 *
 * Who: every account that favourited the listing, whatever its saved searches, unless it turned
 * these emails off (users.price_alerts_off_at) or is blocked. What counts as a drop: the listing's
 * price (in RD$, as search compares) below the price this user was last told of, which each
 * favourite keeps (favoritos.alert_price*: the price when it was favourited, then each announced
 * drop) — raising a price and lowering it back is no drop. How often: at most one email about a
 * listing to a user a day (favoritos.alert_sent_at); a drop made meanwhile waits for the day to
 * pass and is then told against the last announced price. One email per user and run lists all
 * of that user's dropped favourites. Only searchable listings (active, owner not blocked), and
 * only those whose price changed within DROP_WINDOW_DAYS (older changes are no news).
 */
import { and, desc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { PRICE_DROP_WINDOW_DAYS } from 'shared-contracts';
import { alertEmails, anuncioPriceChanges, anuncioSearch, anuncios, favoritos, users } from '../db/schema';
import type { Tx } from '../anuncios/lifecycle-repository';
import { priceDropMessage } from '../mail/alert-template';
import { coversOf, listingColumns, newMessageId, toAlertListing, type AlertConfig } from './alert-listing';
import { priceAlertsUnsubscribeLinks } from './unsubscribe-link';

const DAY_MS = 24 * 3600_000;
/** Price changes older than this are not news any more (the site's "Bajó de precio" window too). */
export const DROP_WINDOW_DAYS = PRICE_DROP_WINDOW_DAYS;
/** At most one price-drop email about a listing to a user within this time. */
export const DROP_EMAIL_EVERY_MS = DAY_MS;
/** Favourites claimed per run (a bound on one transaction; the rest go on the next run). */
const DROP_CLAIM_MAX = 2000;

async function dueDrops(tx: Tx, now: Date) {
  const changedLately = tx
    .selectDistinct({ id: anuncioPriceChanges.anuncioId })
    .from(anuncioPriceChanges)
    .where(and(gt(anuncioPriceChanges.changedAt, new Date(now.getTime() - DROP_WINDOW_DAYS * DAY_MS)), lte(anuncioPriceChanges.changedAt, now)));
  return tx
    .select({
      ...listingColumns,
      userId: favoritos.userId,
      email: users.email,
      name: users.name,
      alertPrice: favoritos.alertPrice,
      alertMoneda: favoritos.alertMoneda,
    })
    .from(favoritos)
    .innerJoin(users, eq(users.id, favoritos.userId))
    .innerJoin(anuncios, eq(anuncios.id, favoritos.anuncioId))
    // Still searchable: a drop of a sold, paused or hidden listing is no news.
    .innerJoin(anuncioSearch, eq(anuncioSearch.seq, anuncios.seq))
    .where(
      and(
        inArray(favoritos.anuncioId, changedLately),
        isNull(users.blockedAt),
        isNull(users.priceAlertsOffAt),
        lt(anuncios.priceRd, favoritos.alertPriceRd),
        or(isNull(favoritos.alertSentAt), lte(favoritos.alertSentAt, new Date(now.getTime() - DROP_EMAIL_EVERY_MS))),
      ),
    )
    .orderBy(favoritos.userId, desc(favoritos.createdAt))
    .limit(DROP_CLAIM_MAX);
}

type DueDrop = Awaited<ReturnType<typeof dueDrops>>[number];

function groupBy(rows: DueDrop[], key: (row: DueDrop) => string): Map<string, DueDrop[]> {
  const groups = new Map<string, DueDrop[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The announced price becomes each favourite's new reference; one statement per listing. */
async function markAnnounced(tx: Tx, drops: DueDrop[], now: Date): Promise<void> {
  for (const [anuncioId, rows] of groupBy(drops, (d) => d.id)) {
    // The price the email shows, not whatever the listing holds by now.
    const { price, moneda, priceRd } = rows[0];
    await tx
      .update(favoritos)
      .set({ alertPrice: price, alertMoneda: moneda, alertPriceRd: priceRd, alertSentAt: now })
      .where(and(eq(favoritos.anuncioId, anuncioId), inArray(favoritos.userId, rows.map((r) => r.userId))));
  }
}

/** Claims the due price drops and writes one email per user; answers how many. */
export async function claimPriceDrops(tx: Tx, config: AlertConfig, now: Date): Promise<number> {
  const drops = await dueDrops(tx, now);
  if (!drops.length) return 0;
  await markAnnounced(tx, drops, now);
  const byUser = groupBy(drops, (d) => d.userId);
  for (const [userId, rows] of byUser) {
    const message = priceDropMessage({
      to: rows[0].email,
      name: rows[0].name,
      usdDopRate: config.usdDopRate,
      bajadas: rows.map((d) => ({ ...toAlertListing(config, d), previous: { price: d.alertPrice as number, moneda: d.alertMoneda ?? d.moneda } })),
      unsubscribe: priceAlertsUnsubscribeLinks(config, userId),
      messageId: newMessageId(),
    });
    await tx.insert(alertEmails).values({ userId, searchId: null, message: { ...message, photoKeys: coversOf(rows) }, createdAt: now });
  }
  return byUser.size;
}
