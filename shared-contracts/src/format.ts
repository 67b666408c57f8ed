/** Display formatters of SPEC §2 and §3, used by every card and detail view. */
import type { Anuncio } from './types';
import type { Proposito } from './enums';
import { MSG } from './messages';
import { AMENIDAD_LABELS, AMENIDADES, AMUEBLADO_LABELS, ATTR_FIELD_LABELS, CONSTRUCCION_LABELS, RESPALDO_LABELS } from './attributes';

/** (###) ###-####, '+1 ' first when an 11-digit number starts with 1; other values unchanged. */
export function formatPhone(movil: string | null | undefined): string {
  const value = movil ?? '';
  const digits = value.replace(/\D/g, '');
  const fmt = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 10)}`;
  if (digits.length === 10) return fmt(digits);
  if (digits.length === 11 && digits.startsWith('1')) return `+1 ${fmt(digits.slice(1))}`;
  return value;
}

/** The tel: link for a phone; Dominican 10-digit numbers get the +1 country code. */
export function telHref(movil: string | null | undefined): string {
  const digits = (movil ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits || (movil ?? '')}`;
}

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 'RD$ 1,234,567' / 'US$ 250,000'. */
export function formatPrice(price: number | null | undefined, moneda: string | null | undefined): string {
  const amount = typeof price === 'number' && Number.isFinite(price) ? thousands.format(price) : '0';
  return `${moneda ?? 'RD'}$ ${amount}`;
}

/** locality, place, region joined by commas; 'República Dominicana' when none exist. */
export function locationLine(a: Pick<Anuncio, 'locality' | 'place' | 'region'>): string {
  const parts = [a.locality, a.place, a.region].map((p) => (p ?? '').trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : MSG.fallbackLocation;
}

/** Issue 42: a rent shows its period, 'RD$ 50,000/mes'; a sale the price alone. */
export function formatListingPrice(price: number | null | undefined, moneda: string | null | undefined, proposito: string | null | undefined): string {
  return proposito === 'alquiler' ? `${formatPrice(price, moneda)}/mes` : formatPrice(price, moneda);
}

/** Issue 42: the floor as Dominicans read it, 'Piso 12' (the listing's `nivel`). */
export const formatFloor = (nivel: number) => `Piso ${nivel}`;

/**
 * Issue 42: full and half bathrooms, '2½ baños', '1 baño', '½ baño', '3 baños y 2 medios';
 * null when neither is known.
 */
export function formatBanos(banos: number | null | undefined, mediosBanos?: number | null): string | null {
  const full = banos ?? 0;
  const half = mediosBanos ?? 0;
  if (banos == null && mediosBanos == null) return null;
  if (half === 0) return `${full} ${full === 1 ? 'baño' : 'baños'}`;
  if (half === 1) return full === 0 ? '½ baño' : `${full}½ baños`;
  return `${full} ${full === 1 ? 'baño' : 'baños'} y ${half} medios`;
}

/** Price per m² in the price's currency, rounded to whole units; null without a positive area. */
export function pricePerM2(price: number | null | undefined, metros: number | null | undefined): number | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return null;
  if (typeof metros !== 'number' || !Number.isFinite(metros) || metros <= 0) return null;
  return Math.round(price / metros);
}

/** 'RD$ 125,000/m²' (issue 42), or null without an area. */
export function formatPricePerM2(price: number | null | undefined, moneda: string | null | undefined, metros: number | null | undefined): string | null {
  const perM2 = pricePerM2(price, metros);
  return perM2 === null ? null : `${formatPrice(perM2, moneda)}/m²`;
}

/** The price per m² in the other currency at USD_DOP_RATE, as prices show it: '≈ US$ 2,083/m²'. */
export function otherCurrencyPricePerM2(
  price: number | null | undefined,
  moneda: string | null | undefined,
  metros: number | null | undefined,
  usdDopRate: number,
): string | null {
  if (!(usdDopRate > 0) || typeof price !== 'number' || typeof metros !== 'number' || !(metros > 0) || !(price > 0)) return null;
  const other = moneda === 'US' ? price * usdDopRate : price / usdDopRate;
  const perM2 = pricePerM2(other, metros);
  return perM2 === null ? null : `≈ ${formatPrice(perM2, moneda === 'US' ? 'RD' : 'US')}/m²`;
}

/** The monthly maintenance fee, 'RD$ 8,500/mes'; null when unknown. */
export function formatMantenimiento(amount: number | null | undefined, moneda: string | null | undefined): string | null {
  return typeof amount === 'number' && Number.isFinite(amount) ? `${formatPrice(amount, moneda ?? 'RD')}/mes` : null;
}

const MESES_ENTREGA = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
/** '2027-06' -> 'junio de 2027' (a project's expected delivery); other values unchanged. */
export function formatEntrega(entrega: string | null | undefined): string | null {
  if (!entrega) return null;
  const m = /^(\d{4})-(\d{2})$/.exec(entrega);
  const mes = m ? MESES_ENTREGA[Number(m[2]) - 1] : undefined;
  return m && mes ? `${mes} de ${m[1]}` : entrega;
}

/** '2 parqueos', '1 parqueo', 'Parqueo' (has parking, count unknown); null when none or unknown. */
export function formatParqueos(a: Pick<Anuncio, 'parqueo' | 'parqueos'>): string | null {
  if (a.parqueos != null) return a.parqueos > 0 ? `${a.parqueos} ${a.parqueos === 1 ? 'parqueo' : 'parqueos'}` : null;
  return a.parqueo ? 'Parqueo' : null;
}

/**
 * The detail's lines of issue 42's attributes, label and value, in a fixed order; only the known
 * ones ('Amueblado: Semiamueblado', 'Ascensor: Sí', 'Entrega: junio de 2027', …).
 */
export function listingAttributes(a: Anuncio): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) out.push({ label, value });
  };
  add(ATTR_FIELD_LABELS.parqueos, formatParqueos(a) ?? (a.parqueos === 0 ? 'No' : null));
  add(ATTR_FIELD_LABELS.amueblado, a.amueblado ? AMUEBLADO_LABELS[a.amueblado] : null);
  add(ATTR_FIELD_LABELS.respaldo, a.respaldo ? RESPALDO_LABELS[a.respaldo] : null);
  for (const k of AMENIDADES) add(AMENIDAD_LABELS[k], a[k] == null ? null : a[k] ? 'Sí' : 'No');
  add(ATTR_FIELD_LABELS.mantenimiento, formatMantenimiento(a.mantenimiento, a.mantenimientoMoneda ?? a.moneda));
  add(ATTR_FIELD_LABELS.anoConstruccion, a.anoConstruccion != null ? String(a.anoConstruccion) : null);
  add(ATTR_FIELD_LABELS.construccion, a.construccion ? CONSTRUCCION_LABELS[a.construccion] : null);
  add(ATTR_FIELD_LABELS.entrega, formatEntrega(a.entrega));
  return out;
}

export const formatRooms = (n: number) => `${n} hab.`;
export const formatBaths = (n: number) => `${n} bañ.`;
export const formatLevel = (n: number) => `${n} nivel`;
export const formatArea = (n: number) => `${thousands.format(n)} m²`;

/** Tags of a listing in SPEC order: proposito and propiedad uppercase, then the counts present. */
export function listingTags(a: Pick<Anuncio, 'proposito' | 'propiedad' | 'habitaciones' | 'banos' | 'nivel' | 'metros'>): string[] {
  const tags = [a.proposito?.toUpperCase(), a.propiedad?.toUpperCase()].filter(Boolean) as string[];
  if (a.habitaciones != null) tags.push(formatRooms(a.habitaciones));
  if (a.banos != null) tags.push(formatBaths(a.banos));
  if (a.nivel != null) tags.push(formatLevel(a.nivel));
  if (a.metros != null) tags.push(formatArea(a.metros));
  return tags;
}

/** The words a screen shows for a listing's fields, the same in the search panel and the add form. */
export const FIELD_LABELS = {
  proposito: 'Propósito',
  propiedad: 'Tipo de propiedad',
  habitaciones: 'Habitaciones',
  banos: 'Baños',
  nivel: 'Nivel',
  moneda: 'Moneda',
} as const;
/** Propósito as the screens show it ('venta' -> 'Venta'). */
export const PROPOSITO_LABELS = { venta: 'Venta', alquiler: 'Alquiler', construir: 'Construir' } as const satisfies Record<Proposito, string>;

export const AMENITY_LABELS = { balcon: 'Balcón', patio: 'Patio', piscina: 'Piscina', parqueo: 'Parqueo' } as const;
export function amenities(a: Pick<Anuncio, 'balcon' | 'patio' | 'piscina' | 'parqueo'>): string[] {
  return (Object.keys(AMENITY_LABELS) as (keyof typeof AMENITY_LABELS)[]).filter((k) => a[k]).map((k) => AMENITY_LABELS[k]);
}

/** Description paragraphs: one per line break, blank lines dropped (rendered as text, never HTML). */
export function descriptionLines(description: string | null | undefined): string[] {
  return (description ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}

/** Page count shown by the pagination: ceil(count / 12). */
export function pageCount(count: number, pageSize = 12): number {
  return Math.ceil(Math.max(0, count) / pageSize);
}

/**
 * The result count above the list: "1 anuncio", "253 anuncios", "≈ 253.000 anuncios" when the
 * API estimated it (large results; within about 2 %). Thousands with a dot, as the issue shows.
 */
export function resultCountLabel(count: number, estimated = false): string {
  const n = Math.max(0, Math.round(count));
  const digits = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${estimated ? '≈ ' : ''}${digits} ${n === 1 ? 'anuncio' : 'anuncios'}`;
}
