/** What the alert emails show of a listing (issues 22 and 39), shared by search and price-drop alerts. */
import crypto from 'node:crypto';
import { anuncioPath, type Moneda } from 'shared-contracts';
import type { Config } from '../config';
import { anuncios } from '../db/schema';
import { photoUrl } from '../anuncios/serialize';
import { mailKeyOf } from '../photos';
import type { AlertListing } from '../mail/alert-template';

export type AlertConfig = Pick<Config, 'jwtSecret' | 'publicApiUrl' | 'photosBaseUrl' | 'publicSiteUrl' | 'usdDopRate'>;

export const listingColumns = { id: anuncios.id, title: anuncios.title, propiedad: anuncios.propiedad, price: anuncios.price, moneda: anuncios.moneda, priceRd: anuncios.priceRd, imageKeys: anuncios.imageKeys };
export type ListingPick = { id: string; title: string; propiedad: string; price: number; moneda: Moneda; imageKeys: string[] };

/** A listing as an email shows it: its cover as the JPEG email rendition (mail-rendition.ts). */
export function toAlertListing(config: AlertConfig, l: ListingPick): AlertListing {
  const first = l.imageKeys[0];
  return {
    title: l.title || l.propiedad,
    price: l.price,
    moneda: l.moneda,
    photo: first ? photoUrl(config.photosBaseUrl, mailKeyOf(first)) : null,
    link: `${config.publicSiteUrl}${anuncioPath(l.id)}`,
  };
}

/** The covers an email shows, whose JPEG renditions must exist before it leaves. */
export const coversOf = (listings: ListingPick[]) => listings.flatMap((l) => l.imageKeys.slice(0, 1));

export const newMessageId = () => `<alerta-${crypto.randomUUID()}@inmueblesrd.do>`;
