/**
 * The home search lives in the URL (`/?region=Santiago&proposito=venta&page=2`): shareable,
 * reloadable, crawlable, and the back button returns to the same results. One reading and one
 * writing of it for the search panel, the pager, the server renderer and the landing pages.
 * Values the API would refuse (unknown purpose, negative numbers) are left out when reading.
 */
import { AMUEBLADOS, ATTR_LIMITS, CONSTRUCCIONES, RESPALDO_FILTER } from './attributes';
import { MONEDAS, PROPIEDAD_FILTER, PROPOSITO_FILTER } from './enums';
import { pageCount } from './format';
import type { Filters } from './schemas';
import { isOrden, ORDEN_DEFAULT, type Orden } from './search-order';
import { readPoligono, readZona } from './search-area';
import { ANUNCIANTES } from './agencias';

export interface SearchState {
  filters: Filters;
  /** 1-based. */
  page: number;
  /** Issue 42: the results' order; absent (or the default, newest first) is left out of the URL. */
  orden?: Orden;
}

const TEXT_KEYS = ['place', 'locality', 'region'] as const;
const NUMBER_KEYS = ['habitaciones', 'metrosMin', 'metrosMax', 'precioMin', 'precioMax', 'banosMin', 'parqueosMin', 'mantenimientoMax'] as const;
/** Issue 42: the filters with a list of values, each with its list. */
const ENUM_KEYS = { proposito: PROPOSITO_FILTER, propiedad: PROPIEDAD_FILTER, moneda: MONEDAS, amueblado: AMUEBLADOS, respaldo: RESPALDO_FILTER, construccion: CONSTRUCCIONES, anunciante: ANUNCIANTES } as const;
/** Issue 42: amenities asked for, written `ascensor=si` (read also as 'true' or '1'). */
const FLAG_KEYS = ['ascensor', 'piscina', 'seguridad24h'] as const;
/** The order keys are written in, so one search has one URL. */
const KEY_ORDER = [
  'place', 'locality', 'region', 'proposito', 'propiedad', 'habitaciones', 'metrosMin', 'metrosMax', 'precioMin', 'precioMax', 'moneda',
  'banosMin', 'parqueosMin', 'amueblado', 'respaldo', 'ascensor', 'piscina', 'seguridad24h', 'construccion', 'entregaHasta', 'mantenimientoMax',
  'zona', 'poligono', 'anunciante',
] as const;
const FLAG_VALUES: readonly string[] = ['si', 'true', '1'];
export const MAX_PAGE = 100_000;

export function parseSearch(search: string | URLSearchParams): SearchState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    const v = params.get(key)?.trim();
    if (v) filters[key] = v.slice(0, 120);
  }
  for (const [key, values] of Object.entries(ENUM_KEYS)) {
    const value = params.get(key);
    if (value && (values as readonly string[]).includes(value)) filters[key] = value;
  }
  for (const key of FLAG_KEYS) if (FLAG_VALUES.includes(params.get(key) ?? '')) filters[key] = true;
  const entregaHasta = Number(params.get('entregaHasta') ?? NaN);
  if (Number.isInteger(entregaHasta) && entregaHasta >= ATTR_LIMITS.entregaMin && entregaHasta <= ATTR_LIMITS.entregaMax) filters.entregaHasta = entregaHasta;
  for (const key of NUMBER_KEYS) {
    const raw = params.get(key);
    const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
    if (Number.isFinite(n) && n >= 0) filters[key] = n;
  }
  // Issue 44: the map's areas, left out when the API would refuse them
  const zona = readZona(params.get('zona') ?? '');
  if ('zona' in zona) filters.zona = zona.zona;
  const poligono = readPoligono(params.get('poligono') ?? '');
  if ('poligono' in poligono) filters.poligono = poligono.poligono;
  const page = Number(params.get('page'));
  const state: SearchState = { filters: filters as Filters, page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1 };
  const orden = params.get('orden');
  if (isOrden(orden) && orden !== ORDEN_DEFAULT) state.orden = orden;
  return state;
}

/**
 * The page a search shows (issue 39): the one asked for, within 1 and the last page of `count`
 * results (page 1 when there are none). What parseSearch could not read is already 1.
 */
export function clampPage(page: number, count: number): number {
  const last = Math.max(1, pageCount(count));
  return Math.min(Math.max(1, page), last);
}

/**
 * The address to show instead of `pathname` + `search` when its `page` is not written the one
 * way for `page` (`page=0`, `-1`, `abc`, `1`, `02`, twice, or past the last page), or null when
 * it already is. Only `page` changes: the other parameters keep their order and spelling.
 */
export function normalisedPageHref(pathname: string, search: string, page: number): string | null {
  const written = new URLSearchParams(search).getAll('page');
  const wanted = page > 1 ? [String(page)] : [];
  if (written.length === wanted.length && written.every((w, i) => w === wanted[i])) return null;
  return pageHref(pathname, search, page);
}

/** The query string (with `?`, or '' for none) of a search; page 1 is left out. */
export function searchQuery({ filters, page, orden }: SearchState): string {
  const params = new URLSearchParams();
  const values = filters as Record<string, unknown>;
  for (const key of KEY_ORDER) {
    const v = values[key];
    if (v === undefined || v === null || v === '' || v === false) continue;
    params.set(key, v === true ? 'si' : String(v));
  }
  if (orden && orden !== ORDEN_DEFAULT) params.set('orden', orden);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The address of a search on `pathname` (the home page or a landing page). */
export function searchHref(state: SearchState, pathname = '/'): string {
  return `${pathname}${searchQuery(state)}`;
}

/** Another page of the search at `pathname` + `search` (the pager's links); page 1 has no `page`. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}
