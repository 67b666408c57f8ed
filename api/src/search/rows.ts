/**
 * What a write tells the search about a listing: its search columns before and after, and whether
 * it left or entered the searchable listings (the caches move, patch or drop what it touches).
 */
import { RESPALDO_RANK, entregaMonth, type Anuncio } from 'shared-contracts';
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
  // Issue 42: as the search table holds them (search_parqueos, search_respaldo, search_entrega of migration 0020)
  banos: number | null;
  parqueos: number | null;
  amueblado: string | null;
  respaldo: number | null;
  ascensor: boolean | null;
  piscina: boolean | null;
  seguridad24h: boolean | null;
  construccion: string | null;
  entrega: number | null;
  mantenimientoRd: number | null;
  mantenimientoUs: number | null;
  // Issue 44 (migration 0022): both or neither
  lat: number | null;
  lng: number | null;
  // Issue 46 (migration 0024): an agency advertises it (anuncios.source set)
  agencia: boolean;
}

/** The issue-42 columns of a listing that gives none of them (tests and benchmarks build rows with it). */
export const UNKNOWN_ATTRIBUTES = {
  banos: null, parqueos: null, amueblado: null, respaldo: null, ascensor: null, piscina: null, seguridad24h: null,
  construccion: null, entrega: null, mantenimientoRd: null, mantenimientoUs: null, lat: null, lng: null,
  // issue 46: an owner's listing
  agencia: false,
} as const satisfies Partial<SearchRow>;

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
  return {
    seq, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, priceRd,
    banos: row.banos,
    parqueos: row.parqueos ?? (row.parqueo ? 1 : null),
    amueblado: row.amueblado,
    respaldo: row.respaldo === null ? null : RESPALDO_RANK[row.respaldo],
    ascensor: row.ascensor,
    piscina: row.piscina,
    seguridad24h: row.seguridad24h,
    construccion: row.construccion,
    entrega: entregaMonth(row.entrega),
    mantenimientoRd: row.mantenimientoRd,
    mantenimientoUs: row.mantenimientoUs,
    lat: row.latitude !== null && row.longitude !== null ? row.latitude : null,
    lng: row.latitude !== null && row.longitude !== null ? row.longitude : null,
    agencia: row.source !== null,
  };
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
