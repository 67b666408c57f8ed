/**
 * What a write tells the search about a listing: its search columns before and after, and whether
 * it left or entered the searchable listings (the caches move, patch or drop what it touches).
 */
import type { Anuncio } from 'shared-contracts';
import type { AnuncioRow } from '../db/schema';

/** The filter and order columns of one listing, and its place in the newest order (seq). */
export interface SearchRow {
  seq: number;
  place: string;
  region: string;
  locality: string;
  proposito: string;
  propiedad: string;
  habitaciones: number | null;
  metros: number | null;
  moneda: string;
  price: number;
  priceRd: number;
}

/** A row that entered the searchable listings, with its card as a search page shows it (when known). */
export type EnteredRow = SearchRow & { card?: Anuncio };

/** Which searchable rows a write took out and which it put in (cache.ts moves and patches by them). */
export interface Moved {
  left: SearchRow[];
  entered: EnteredRow[];
}

/**
 * Whether a listing is searchable: the SQL function anuncio_searchable() (migration 0007), which
 * the search table follows; this copy only tells the caches which counts a write moved
 * (cache.ts), and a test checks that both agree on every combination.
 */
export function isSearchable(row: Pick<AnuncioRow, 'status' | 'estado' | 'bloqueado'>): boolean {
  return row.status === 'published' && row.estado === 'activo' && !row.bloqueado;
}

export function searchRowOf(row: AnuncioRow): SearchRow {
  const { seq, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, priceRd } = row;
  return { seq, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, priceRd };
}

/**
 * The change a write made to the searchable listings, from the listing before and after it (null:
 * none). With `card` (serialize.ts toAnuncio), the listing that entered carries its card, so the
 * cached pages it enters are patched rather than read again (page-patch.ts).
 */
export function searchChangeOf(
  before: AnuncioRow | null,
  after: AnuncioRow | null,
  card?: (row: AnuncioRow) => Anuncio,
): { rows: SearchRow[]; moved: Moved } {
  const rows = [before, after].flatMap((r) => (r ? [searchRowOf(r)] : []));
  const left = before && isSearchable(before) ? [searchRowOf(before)] : [];
  const entered = after && isSearchable(after) ? [card ? { ...searchRowOf(after), card: card(after) } : searchRowOf(after)] : [];
  return { rows, moved: { left, entered } };
}
