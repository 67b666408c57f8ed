/**
 * One raw feed ad -> the listing columns, validated with the same schema as a user's listing
 * (lengths, enums, coordinates inside the Dominican Republic), widened only where partners
 * legitimately differ: the search list of property types, no apellido, email optional.
 */
import { z } from 'zod';
import { ATTR_LIMITS, MAX_IMAGES, MSG, PROPIEDAD_FILTER, PROPOSITO_FILTER, locationLine } from 'shared-contracts';
import { anuncioFieldsSchema, firstError, phoneOrAsIs } from 'shared-contracts/schemas';
import type { NewAnuncioRow } from '../db/schema';
import { htmlToText } from './html-text';
import { resolveLocation } from './location';
import type { RawAd } from './types';
import { currencyInPrice, mapCurrency, mapFurnished, mapPropertyType, mapPurpose, parseAmount, parseBathrooms, parseCount, parseYear } from './vocabulary';

const feedAnuncioSchema = anuncioFieldsSchema.extend({
  // Issue 39 requires a title and a price above 0 of what users publish; partner ads keep the
  // feed rules they had (an ad without a title is still a listing, a price is only required).
  title: z.string().max(140, 'Máximo 140 caracteres').trim(),
  price: z.number().finite().min(0, MSG.precioRequerido).max(1e12),
  proposito: z.enum(PROPOSITO_FILTER),
  propiedad: z.enum(PROPIEDAD_FILTER),
  apellido: z.literal(''),
  email: anuncioFieldsSchema.shape.email.or(z.literal('')),
  // E.164 when it parses as a Dominican/NANP number; otherwise kept as the partner wrote it (issue 21)
  movil: z.string().trim().min(1, MSG.celularRequerido).max(30).transform(phoneOrAsIs),
});

/** The columns an import writes and compares (everything a feed decides). */
export type MappedListing = Required<
  Pick<
    NewAnuncioRow,
    | 'title' | 'description' | 'price' | 'moneda' | 'priceRd' | 'proposito' | 'propiedad' | 'metros' | 'habitaciones'
    | 'banos' | 'nivel' | 'balcon' | 'patio' | 'piscina' | 'parqueo' | 'name' | 'apellido' | 'empresa' | 'movil'
    | 'email' | 'place' | 'region' | 'locality' | 'address' | 'latitude' | 'longitude'
    | 'mediosBanos' | 'parqueos' | 'amueblado' | 'anoConstruccion'
  >
>;
export const MAPPED_FIELDS = [
  'title', 'description', 'price', 'moneda', 'priceRd', 'proposito', 'propiedad', 'metros', 'habitaciones', 'banos',
  'nivel', 'balcon', 'patio', 'piscina', 'parqueo', 'name', 'apellido', 'empresa', 'movil', 'email', 'place',
  'region', 'locality', 'address', 'latitude', 'longitude', 'mediosBanos', 'parqueos', 'amueblado', 'anoConstruccion',
] as const satisfies readonly (keyof MappedListing)[];

export type MapResult =
  | { ok: true; ref: string; listing: MappedListing; photoUrls: string[] }
  | { ok: false; ref: string; reason: string };

const TITLE_MAX = 140;
const DESCRIPTION_MAX = 5000;
const REF_MAX = 200;
const SQ_FEET_TO_M2 = 0.09290304;

const clean = (v: string | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();

/** Display text is shortened rather than refused: a long partner description is still a listing. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}

function coordinate(v: string | undefined): number | null {
  const text = clean(v);
  if (!text) return null;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** Distinct http(s) URLs in feed order, at most MAX_IMAGES. */
export function photoUrlsOf(raw: RawAd): string[] {
  const urls: string[] = [];
  for (const p of raw.pictures) {
    const url = clean(p);
    if (!/^https?:\/\//i.test(url) || url.length > 2000 || urls.includes(url)) continue;
    urls.push(url);
    if (urls.length === MAX_IMAGES) break;
  }
  return urls;
}

/** `partnerName`: the agency's name (agencias.name), the listing's `empresa`. */
export function mapAd(raw: RawAd, partnerName: string, usdDopRate: number): MapResult {
  const ref = clean(raw.id);
  const fail = (reason: string): MapResult => ({ ok: false, ref, reason });
  if (!ref) return fail('sin id');
  if (ref.length > REF_MAX) return fail(`id de más de ${REF_MAX} caracteres`);

  const proposito = mapPurpose(raw.type);
  if (!proposito) return fail(`tipo de operación desconocido: "${clean(raw.type)}"`);
  const price = parseAmount(raw.price);
  if (price === null) return fail(`price: ${MSG.precioRequerido}`);
  const moneda = mapCurrency(raw.currency) ?? currencyInPrice(raw.price);
  if (!moneda) return fail(raw.currency ? `moneda desconocida: "${clean(raw.currency)}"` : 'moneda no indicada');

  const location = resolveLocation(raw);
  let latitude = coordinate(raw.latitude);
  let longitude = coordinate(raw.longitude);
  // 0,0 is how many feeds say "unknown"; it lies in the Gulf of Guinea, not in the DR.
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0)) {
    latitude = location.point?.lat ?? null;
    longitude = location.point?.lng ?? null;
  }
  if (latitude === null || longitude === null) return fail('sin coordenadas y sin un lugar reconocido');

  let metros = parseAmount(raw.floor_area);
  if (metros !== null && /^(feet|ft|sqft|square ?feet|pies)$/i.test(clean(raw.floor_area_unit))) {
    metros = Math.round(metros * SQ_FEET_TO_M2 * 100) / 100;
  }
  const parking = parseCount(raw.parking);
  const baths = parseBathrooms(raw.bathrooms);
  const display = partnerName;
  const description = shorten(htmlToText(raw.content ?? ''), DESCRIPTION_MAX);
  const candidate = {
    title: shorten(clean(htmlToText(raw.title ?? '')), TITLE_MAX),
    description,
    price,
    moneda,
    proposito,
    propiedad: mapPropertyType(raw.property_type),
    metros: metros ?? undefined,
    habitaciones: parseCount(raw.rooms) ?? undefined,
    banos: baths.banos ?? undefined,
    mediosBanos: baths.mediosBanos,
    nivel: parseCount(raw.floor_number) ?? undefined,
    parqueo: parking !== null && parking > 0,
    // a count past the form's limit is unknown (the ad is not refused for it)
    parqueos: parking !== null && parking <= ATTR_LIMITS.parqueosMax ? parking : null,
    amueblado: mapFurnished(raw.is_furnished),
    anoConstruccion: parseYear(raw.year),
    name: display,
    apellido: '',
    empresa: clean(raw.agency) || display,
    movil: clean(raw.contact_telephone),
    email: clean(raw.contact_email),
    place: location.place,
    region: location.region,
    locality: location.locality,
    address: clean(raw.address) || locationLine(location),
    latitude,
    longitude,
  };
  const parsed = feedAnuncioSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(issue ? `${issue.path.join('.')}: ${issue.message}` : firstError(parsed.error));
  }
  const v = parsed.data;
  return {
    ok: true,
    ref,
    photoUrls: photoUrlsOf(raw),
    listing: {
      title: v.title,
      description: v.description,
      price: v.price,
      moneda: v.moneda,
      priceRd: v.moneda === 'US' ? v.price * usdDopRate : v.price,
      proposito: v.proposito,
      propiedad: v.propiedad,
      metros: v.metros ?? null,
      habitaciones: v.habitaciones ?? null,
      banos: v.banos ?? null,
      nivel: v.nivel ?? null,
      balcon: v.balcon,
      patio: v.patio,
      piscina: v.piscina,
      parqueo: v.parqueo,
      mediosBanos: v.mediosBanos ?? null,
      parqueos: v.parqueos ?? null,
      amueblado: v.amueblado ?? null,
      anoConstruccion: v.anoConstruccion ?? null,
      name: v.name,
      apellido: v.apellido,
      empresa: v.empresa,
      movil: v.movil,
      email: v.email,
      place: v.place,
      region: v.region,
      locality: v.locality,
      address: v.address,
      latitude: v.latitude,
      longitude: v.longitude,
    },
  };
}
