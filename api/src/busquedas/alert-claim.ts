/**
 * The SQL of the alert job (issue 22), run in one transaction: for each saved search that is due,
 * the new matches (found with the search's own SQL conditions, so an alert lists exactly what the
 * search lists) and the price drops of the user's favourites that were not told yet are claimed
 * (alert_deliveries, alert_price_drops) and the email is written to the outbox (alert_emails).
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { searchHref, anuncioPath, type Moneda } from 'shared-contracts';
import type { Config } from '../config';
import { alertDeliveries, alertEmails, alertPriceDrops, anuncioPriceChanges, anuncioSearch, anuncios, favoritos, savedSearches, users } from '../db/schema';
import type { Tx } from '../anuncios/lifecycle-repository';
import { filterCodesIn, searchConditions } from '../search';
import { photoUrl } from '../anuncios/serialize';
import { cardKeyOf } from '../photos';
import { alertMessage, type AlertListing } from '../mail/alert-template';
import { nextDueAt } from './schedule';
import { unsubscribeLinks } from './unsubscribe-link';
import type { SavedSearchRow } from './repository';

const DAY_MS = 24 * 3600_000;
/** A listing is "new" for a search if it became active after the search was saved and within this window. */
export const NEW_WINDOW_DAYS = 10;
/** Price drops older than this are not news any more. */
export const DROP_WINDOW_DAYS = 30;
/** New listings claimed per search and run (the email shows 10 and counts these). */
const CLAIM_MAX = 200;

type Links = Pick<Config, 'jwtSecret' | 'publicApiUrl' | 'publicSiteUrl'>;

const listingColumns = { id: anuncios.id, title: anuncios.title, propiedad: anuncios.propiedad, price: anuncios.price, moneda: anuncios.moneda, imageKeys: anuncios.imageKeys };
type ListingPick = { id: string; title: string; propiedad: string; price: number; moneda: Moneda; imageKeys: string[] };

function toAlertListing(config: Links, l: ListingPick): AlertListing {
  const first = l.imageKeys[0];
  return {
    title: l.title || l.propiedad,
    price: l.price,
    moneda: l.moneda,
    photo: first ? photoUrl(config.publicApiUrl, cardKeyOf(first)) : null,
    link: `${config.publicSiteUrl}${anuncioPath(l.id)}`,
  };
}

async function newMatches(tx: Tx, search: SavedSearchRow, now: Date) {
  const floor = new Date(Math.max(search.createdAt.getTime(), now.getTime() - NEW_WINDOW_DAYS * DAY_MS));
  const told = tx
    .select({ one: sql`1` })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.searchId, search.id), eq(alertDeliveries.anuncioId, anuncios.id)));
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

async function newDrops(tx: Tx, userId: string, now: Date) {
  const told = tx
    .select({ one: sql`1` })
    .from(alertPriceDrops)
    .where(and(eq(alertPriceDrops.userId, userId), eq(alertPriceDrops.priceChangeId, anuncioPriceChanges.id)));
  return tx
    .select({ ...listingColumns, changeId: anuncioPriceChanges.id, previousPrice: anuncioPriceChanges.previousPrice, previousMoneda: anuncioPriceChanges.previousMoneda })
    .from(favoritos)
    .innerJoin(anuncioPriceChanges, eq(anuncioPriceChanges.anuncioId, favoritos.anuncioId))
    .innerJoin(anuncios, eq(anuncios.id, favoritos.anuncioId))
    // Still searchable (active): a drop of a sold or paused listing is no news.
    .innerJoin(anuncioSearch, eq(anuncioSearch.seq, anuncios.seq))
    .where(
      and(
        eq(favoritos.userId, userId),
        lt(anuncioPriceChanges.priceRd, anuncioPriceChanges.previousPriceRd),
        gt(anuncioPriceChanges.changedAt, favoritos.createdAt),
        gt(anuncioPriceChanges.changedAt, new Date(now.getTime() - DROP_WINDOW_DAYS * DAY_MS)),
        lte(anuncioPriceChanges.changedAt, now),
        notExists(told),
      ),
    )
    .orderBy(desc(anuncioPriceChanges.id));
}

/** Claims and composes every due alert; answers how many emails were written to the outbox. */
export async function claimDueAlerts(tx: Tx, config: Links, now: Date): Promise<{ searches: number; emails: number }> {
  const due = await tx
    .select({ search: savedSearches, email: users.email, name: users.name })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(isNull(savedSearches.unsubscribedAt), or(isNull(savedSearches.nextDueAt), lte(savedSearches.nextDueAt, now))))
    .orderBy(savedSearches.createdAt);
  let emails = 0;
  for (const { search, email, name } of due) {
    const matches = await newMatches(tx, search, now);
    const drops = await newDrops(tx, search.userId, now);
    if (search.frecuencia !== 'instantaneo') await tx.update(savedSearches).set({ nextDueAt: nextDueAt(search.frecuencia, now) }).where(eq(savedSearches.id, search.id));
    if (!matches.length && !drops.length) continue;
    if (matches.length) await tx.insert(alertDeliveries).values(matches.map((m) => ({ searchId: search.id, anuncioId: m.id, sentAt: now }))).onConflictDoNothing();
    if (drops.length) await tx.insert(alertPriceDrops).values(drops.map((d) => ({ userId: search.userId, priceChangeId: d.changeId }))).onConflictDoNothing();
    // The latest drop of each listing.
    const latestDrops = drops.filter((d, i, all) => all.findIndex((x) => x.id === d.id) === i);
    const message = alertMessage({
      to: email,
      name,
      nombre: search.nombre,
      nuevos: matches.map((m) => toAlertListing(config, m)),
      totalNuevos: matches.length,
      bajadas: latestDrops.map((d) => ({ ...toAlertListing(config, d), previous: { price: d.previousPrice, moneda: d.previousMoneda } })),
      verTodos: `${config.publicSiteUrl}${searchHref({ filters: search.filters, page: 1 })}`,
      unsubscribe: unsubscribeLinks(config, search.id),
      messageId: `<alerta-${crypto.randomUUID()}@inmueblesrd.do>`,
    });
    await tx.insert(alertEmails).values({ searchId: search.id, message, createdAt: now });
    emails += 1;
  }
  return { searches: due.length, emails };
}
