/**
 * The SQL of the alert job (issues 22, 39, 40), run in one transaction: the new matches of every
 * due saved search and the price drops of favourites are claimed and each email is written to the
 * outbox (alert_emails). New matches are found with the search's own SQL conditions, so an alert
 * lists exactly what the search lists, and are recorded per user (alert_deliveries): a listing
 * matching several of a user's searches goes out once, in the first due search's email. Price
 * drops have their own email and rules (price-drop-claim.ts). Blocked accounts get nothing.
 */
import { and, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { ALERT_LISTINGS_MAX, searchHref } from 'shared-contracts';
import { alertDeliveries, alertEmails, anuncioSearch, anuncios, savedSearches, users } from '../db/schema';
import type { Tx } from '../anuncios/lifecycle-repository';
import { filterCodesIn, searchConditions } from '../search';
import { searchAlertMessage } from '../mail/alert-template';
import { coversOf, listingColumns, newMessageId, toAlertListing, type AlertConfig } from './alert-listing';
import { claimPriceDrops } from './price-drop-claim';
import { nextDueAt } from './schedule';
import { unsubscribeLinks } from './unsubscribe-link';
import type { SavedSearchRow } from './repository';

const DAY_MS = 24 * 3600_000;
/** A listing is "new" for a search if it became active after the search was saved and within this window. */
export const NEW_WINDOW_DAYS = 10;
/** New listings claimed per search and run (the email shows 10 and counts these). */
const CLAIM_MAX = 200;

async function newMatches(tx: Tx, search: SavedSearchRow, now: Date) {
  const floor = new Date(Math.max(search.createdAt.getTime(), now.getTime() - NEW_WINDOW_DAYS * DAY_MS));
  // Told to this user already, by this search or another.
  const told = tx
    .select({ one: sql`1` })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.userId, search.userId), eq(alertDeliveries.anuncioId, anuncios.id)));
  // anuncio_search holds exactly the searchable listings: the search's conditions apply as they are,
  // by the codes of its values (none: no listing has one of them, nothing is new).
  const codes = await filterCodesIn(tx, search.filters);
  if (!codes) return [];
  return tx
    .select(listingColumns)
    .from(anuncioSearch)
    .innerJoin(anuncios, eq(anuncios.seq, anuncioSearch.seq))
    .where(and(...searchConditions(search.filters, codes), gt(anuncios.renewedAt, floor), lte(anuncios.renewedAt, now), notExists(told)))
    .orderBy(desc(anuncios.seq))
    .limit(CLAIM_MAX);
}

/** One email per due search with news; answers how many were written to the outbox. */
async function claimSearchAlerts(tx: Tx, config: AlertConfig, now: Date): Promise<number> {
  const due = await tx
    .select({ search: savedSearches, email: users.email, name: users.name })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(isNull(savedSearches.unsubscribedAt), isNull(users.blockedAt), or(isNull(savedSearches.nextDueAt), lte(savedSearches.nextDueAt, now))))
    .orderBy(savedSearches.createdAt, savedSearches.id);
  let emails = 0;
  for (const { search, email, name } of due) {
    const matches = await newMatches(tx, search, now);
    if (search.frecuencia !== 'instantaneo') await tx.update(savedSearches).set({ nextDueAt: nextDueAt(search.frecuencia, now) }).where(eq(savedSearches.id, search.id));
    if (!matches.length) continue;
    await tx
      .insert(alertDeliveries)
      .values(matches.map((m) => ({ userId: search.userId, searchId: search.id, anuncioId: m.id, sentAt: now })))
      .onConflictDoNothing();
    const shown = matches.slice(0, ALERT_LISTINGS_MAX);
    const message = searchAlertMessage({
      to: email,
      name,
      usdDopRate: config.usdDopRate,
      nombre: search.nombre,
      nuevos: shown.map((m) => toAlertListing(config, m)),
      totalNuevos: matches.length,
      verTodos: `${config.publicSiteUrl}${searchHref({ filters: search.filters, page: 1 })}`,
      unsubscribe: unsubscribeLinks(config, search.id),
      messageId: newMessageId(),
    });
    await tx.insert(alertEmails).values({ userId: search.userId, searchId: search.id, message: { ...message, photoKeys: coversOf(shown) }, createdAt: now });
    emails += 1;
  }
  return emails;
}

/** Claims and composes every due alert; answers how many emails were written to the outbox. */
export async function claimDueAlerts(tx: Tx, config: AlertConfig, now: Date): Promise<{ emails: number }> {
  const searchEmails = await claimSearchAlerts(tx, config, now);
  const dropEmails = await claimPriceDrops(tx, config, now);
  return { emails: searchEmails + dropEmails };
}
