/** Database row -> the wire `Anuncio` of shared-contracts (`_id`, absolute photo URLs). */
import type { Anuncio, ContactCanal, OwnAnuncio, Propiedad, Proposito } from 'shared-contracts';
import { normalizePhone } from 'shared-contracts/schemas';
import type { AnuncioRow } from '../db/schema';
import { photoUrl, wireSizes } from '../photos';

/** `photosBaseUrl`: what precedes `/photos/<key>` (config.photosBaseUrl: PHOTOS_BASE_URL or PUBLIC_API_URL). */
export { photoUrl };

/** The owner's own listing in full: the edit form needs the phone and email (issue 19 keeps them out of every public answer). */
export function toOwnAnuncio(row: AnuncioRow, photosBaseUrl: string, ttlDays?: number): OwnAnuncio {
  return { ...toAnuncio(row, photosBaseUrl, ttlDays), movil: row.movil, email: row.email };
}

/**
 * Whether a phone parses as a Dominican/NANP number, remembered: parsing with the full metadata
 * costs about as much as the rest of a card's serialization, every search answer has 12 cards,
 * and agents and partners repeat their numbers across listings. Bounded (emptied when full).
 */
const whatsappable = new Map<string, boolean>();
const WHATSAPPABLE_MAX = 10_000;

function isWhatsappable(movil: string): boolean {
  let known = whatsappable.get(movil);
  if (known === undefined) {
    known = normalizePhone(movil) !== null;
    if (whatsappable.size >= WHATSAPPABLE_MAX) whatsappable.clear();
    whatsappable.set(movil, known);
  }
  return known;
}

/** The channels a listing can be reached by; WhatsApp (issue 21) only for a phone that parses as a Dominican/NANP number. */
export function contactCanales(row: Pick<AnuncioRow, 'movil' | 'email'>): ContactCanal[] {
  const canales: ContactCanal[] = [];
  if (row.movil.trim()) canales.push('telefono');
  if (row.email.trim()) canales.push('email');
  if (isWhatsappable(row.movil)) canales.push('whatsapp');
  return canales;
}

const DAY_MS = 24 * 3600_000;

/** When an owner's active listing expires (issue 20); partner and inactive listings: null. */
export function expiresAt(row: Pick<AnuncioRow, 'estado' | 'ownerId' | 'renewedAt'>, ttlDays: number): Date | null {
  return row.ownerId && row.estado === 'activo' ? new Date(row.renewedAt.getTime() + ttlDays * DAY_MS) : null;
}

/** `ttlDays` (LISTING_TTL_DAYS) adds `expiresAt`, which only owners' screens show. */
export function toAnuncio(row: AnuncioRow, photosBaseUrl: string, ttlDays?: number): Anuncio {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    moneda: row.moneda,
    proposito: row.proposito as Proposito,
    propiedad: row.propiedad as Propiedad,
    metros: row.metros,
    habitaciones: row.habitaciones,
    banos: row.banos,
    nivel: row.nivel,
    balcon: row.balcon,
    patio: row.patio,
    piscina: row.piscina,
    parqueo: row.parqueo,
    // Issue 42 (null: unknown)
    mediosBanos: row.mediosBanos,
    parqueos: row.parqueos,
    amueblado: row.amueblado,
    respaldo: row.respaldo,
    cisterna: row.cisterna,
    gasComun: row.gasComun,
    ascensor: row.ascensor,
    seguridad24h: row.seguridad24h,
    areaSocial: row.areaSocial,
    mantenimiento: row.mantenimiento,
    mantenimientoMoneda: row.mantenimientoMoneda,
    anoConstruccion: row.anoConstruccion,
    construccion: row.construccion,
    entrega: row.entrega,
    calle: row.calle,
    video: row.video,
    tour: row.tour,
    name: row.name,
    apellido: row.apellido,
    empresa: row.empresa,
    // The phone and email only through POST /anuncio/{id}/contacto (contact-routes.ts).
    canales: contactCanales(row),
    place: row.place,
    region: row.region,
    locality: row.locality,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    image_urls: (row.imageKeys ?? []).map((key) => photoUrl(photosBaseUrl, key)),
    image_sizes: wireSizes(row.imageKeys ?? [], row.imageSizes),
    source: row.source ?? null,
    createdAt: row.createdAt.toISOString(),
    estado: row.estado,
    updatedAt: row.updatedAt.toISOString(),
    ...(ttlDays === undefined ? {} : { expiresAt: expiresAt(row, ttlDays)?.toISOString() ?? null }),
  };
}
