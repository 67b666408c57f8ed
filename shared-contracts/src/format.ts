/** Display formatters of SPEC §2 and §3, used by every card and detail view. */
import type { Anuncio } from './types';
import type { Proposito } from './enums';
import { MSG } from './messages';

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
