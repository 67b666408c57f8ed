/**
 * The search's filters, each declared once (docs/decisions/0024-search-module-and-orders.md): its
 * condition on the search table `anuncio_search`, its JavaScript twin (which cached searches a
 * write touches, cache.ts), whether the table holds it as a code (codes.ts) and what the count
 * cube does with it (cube.ts). SPEC §3 "Filters": exact matches, rooms "at least", inclusive
 * ranges, prices in RD$ when no currency is given.
 *
 * A search's statements are built once per shape (which filters it has, `filterShape`) and then
 * only run with its values (db/statements.ts): each value a placeholder named after its filter,
 * a code's after `codeSlot`.
 */
import { eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { RESPALDO_RANK, inPoligono, inZona, poligonoZona, type Filters } from 'shared-contracts';
import { anuncioSearch as s } from '../db/schema';
import { codeSlot, codeValues, type CodedFilter, type FilterCodes } from './codes';
import type { SearchRow } from './rows';

/**
 * How the count cube (cube.ts) treats a filter: `location` (one of all, region, place, locality),
 * `cell` (a dimension of every cell), `rooms` (cells of at least N rooms, N ≤ 6), `price` or
 * `area` (the range the cube's bands cover, edges counted), `none` (a search with it is counted
 * on the search table: its indexes, samples or an exact count).
 */
export type CubeRole = 'location' | 'cell' | 'rooms' | 'price' | 'area' | 'none';

/** A filter's value in a statement: the value itself, its code, or a placeholder for either. */
type Bound = unknown;

export interface FilterDef {
  key: keyof Filters;
  /** Held by the search table as a code (the statement compares with the code). */
  coded?: CodedFilter;
  /** The condition on the search table. */
  where(value: Bound, filters: Filters): SQL;
  /**
   * A filter written with several values (an area's edges): their names, and their values for a
   * search. `where` then receives the list (values, or placeholders named `<key>_<name>`).
   */
  parts?: { names: readonly string[]; of(filters: Filters): readonly unknown[] };
  /**
   * The same rule in JavaScript; true when the filter is not given. Run for every cached entry a
   * write may touch (thousands), so each reads its own member only and creates nothing.
   */
  passes(filters: Filters, row: SearchRow): boolean;
  cube: CubeRole;
}

const priceColumn = (filters: Filters) => (filters.moneda ? s.price : s.priceRd);
const priceOf = (filters: Filters, row: SearchRow) => (filters.moneda ? row.price : row.priceRd);
const atLeast = (value: number | null, min: number | undefined) => min === undefined || (value !== null && value >= min);
const atMost = (value: number | null, max: number | undefined) => max === undefined || (value !== null && value <= max);
const v = (value: Bound) => value as number;
const t = (value: Bound) => value as string;
/** The respaldo filter's rank, a constant of the statement's shape (two values: no placeholder). */
const respaldoRank = (filters: Filters) => RESPALDO_RANK[filters.respaldo ?? 'inversor'];

/**
 * Issue 44: the map's areas (docs/decisions/0032-map-search.md). A box is a range of latitudes and
 * longitudes (the geo index); a drawn area is its box, then PostgreSQL's own point-in-polygon test
 * (`point(lng, lat) <@ polygon`, PGlite has it too). A listing without coordinates is in no area.
 */
const BOX = ['s', 'w', 'n', 'e'] as const;
const inBox = (b: readonly Bound[]) => sql`${s.lat} BETWEEN ${b[0]} AND ${b[2]} AND ${s.lng} BETWEEN ${b[1]} AND ${b[3]}`;
/** PostgreSQL's polygon text, `((lng,lat),…)`. */
export const polygonText = (p: readonly number[]) => {
  const corners: string[] = [];
  for (let i = 0; i < p.length; i += 2) corners.push(`(${p[i + 1]},${p[i]})`);
  return `(${corners.join(',')})`;
};
const hasPoint = (r: SearchRow) => r.lat !== null && r.lng !== null;

/** Every filter, in the order its condition is written. A new one: see the decision record. */
export const FILTERS: readonly FilterDef[] = [
  { key: 'place', coded: 'place', cube: 'location', where: (x) => eq(s.place, v(x)), passes: (f, r) => !f.place || r.place === f.place },
  { key: 'locality', coded: 'locality', cube: 'location', where: (x) => eq(s.locality, v(x)), passes: (f, r) => !f.locality || r.locality === f.locality },
  { key: 'region', coded: 'region', cube: 'location', where: (x) => eq(s.region, v(x)), passes: (f, r) => !f.region || r.region === f.region },
  { key: 'proposito', coded: 'proposito', cube: 'cell', where: (x) => eq(s.proposito, v(x)), passes: (f, r) => !f.proposito || r.proposito === f.proposito },
  { key: 'propiedad', coded: 'propiedad', cube: 'cell', where: (x) => eq(s.propiedad, v(x)), passes: (f, r) => !f.propiedad || r.propiedad === f.propiedad },
  { key: 'habitaciones', cube: 'rooms', where: (x) => gte(s.habitaciones, v(x)), passes: (f, r) => atLeast(r.habitaciones, f.habitaciones) },
  { key: 'metrosMin', cube: 'area', where: (x) => gte(s.metros, v(x)), passes: (f, r) => atLeast(r.metros, f.metrosMin) },
  { key: 'metrosMax', cube: 'area', where: (x) => lte(s.metros, v(x)), passes: (f, r) => atMost(r.metros, f.metrosMax) },
  { key: 'moneda', coded: 'moneda', cube: 'cell', where: (x) => eq(s.moneda, v(x)), passes: (f, r) => !f.moneda || r.moneda === f.moneda },
  { key: 'precioMin', cube: 'price', where: (x, f) => gte(priceColumn(f), v(x)), passes: (f, r) => atLeast(priceOf(f, r), f.precioMin) },
  { key: 'precioMax', cube: 'price', where: (x, f) => lte(priceColumn(f), v(x)), passes: (f, r) => atMost(priceOf(f, r), f.precioMax) },
  // Issue 42 (docs/decisions/0028-listing-attributes.md): counted on the search table, in no index.
  { key: 'banosMin', cube: 'none', where: (x) => gte(s.banos, v(x)), passes: (f, r) => atLeast(r.banos, f.banosMin) },
  { key: 'parqueosMin', cube: 'none', where: (x) => gte(s.parqueos, v(x)), passes: (f, r) => atLeast(r.parqueos, f.parqueosMin) },
  { key: 'amueblado', cube: 'none', where: (x) => eq(s.amueblado, t(x)), passes: (f, r) => !f.amueblado || r.amueblado === f.amueblado },
  // a minimum backup: inversor lists plantas too (RESPALDO_RANK)
  { key: 'respaldo', cube: 'none', where: (_, f) => gte(s.respaldo, respaldoRank(f)), passes: (f, r) => !f.respaldo || atLeast(r.respaldo, RESPALDO_RANK[f.respaldo]) },
  { key: 'ascensor', cube: 'none', where: () => sql`${s.ascensor}`, passes: (f, r) => !f.ascensor || r.ascensor === true },
  { key: 'piscina', cube: 'none', where: () => sql`${s.piscina}`, passes: (f, r) => !f.piscina || r.piscina === true },
  { key: 'seguridad24h', cube: 'none', where: () => sql`${s.seguridad24h}`, passes: (f, r) => !f.seguridad24h || r.seguridad24h === true },
  { key: 'construccion', cube: 'none', where: (x) => eq(s.construccion, t(x)), passes: (f, r) => !f.construccion || r.construccion === f.construccion },
  // delivered by December of that year (YYYYMM)
  { key: 'entregaHasta', cube: 'none', where: (x) => lte(s.entrega, sql`${x} * 100 + 12`), passes: (f, r) => f.entregaHasta === undefined || atMost(r.entrega, f.entregaHasta * 100 + 12) },
  // the fee in the search's currency, as prices (RD$ without one)
  { key: 'mantenimientoMax', cube: 'none', where: (x, f) => lte(f.moneda === 'US' ? s.mantenimientoUs : s.mantenimientoRd, v(x)), passes: (f, r) => atMost(f.moneda === 'US' ? r.mantenimientoUs : r.mantenimientoRd, f.mantenimientoMax) },
  // Issue 46 (docs/decisions/0040-agencies.md): an owner's listings only, or agencies' only
  { key: 'anunciante', cube: 'none', where: (x) => sql`${s.agencia} = (${x} = 'inmobiliaria')`, passes: (f, r) => !f.anunciante || r.agencia === (f.anunciante === 'inmobiliaria') },
  {
    key: 'zona', cube: 'none',
    parts: { names: BOX, of: (f) => f.zona! },
    where: (x) => inBox(x as Bound[]),
    passes: (f, r) => !f.zona || (hasPoint(r) && inZona(f.zona, r.lat!, r.lng!)),
  },
  {
    key: 'poligono', cube: 'none',
    parts: { names: [...BOX, 'poly'], of: (f) => [...poligonoZona(f.poligono!), polygonText(f.poligono!)] },
    where: (x) => sql`${inBox(x as Bound[])} AND point(${s.lng}, ${s.lat}) <@ ${(x as Bound[])[4]}::polygon`,
    passes: (f, r) => !f.poligono || (hasPoint(r) && inPoligono(f.poligono, r.lat!, r.lng!)),
  },
];

/** A filter is given when it has a value (the request schema drops empty ones; 0 rooms is a value). */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The filters a search gives, in declaration order. */
export function givenFilters(filters: Filters): FilterDef[] {
  return FILTERS.filter((f) => given(filters[f.key]));
}

/**
 * The conditions of `filters` on the search table, by their `codes`. `slots`: placeholders instead
 * of values (a statement built once per shape, run with `slotValues`).
 */
export function searchConditions(filters: Filters, codes: FilterCodes, slots = false): SQL[] {
  return givenFilters(filters).map((f) => {
    if (f.parts) return f.where(slots ? f.parts.names.map((name) => sql.placeholder(partSlot(f.key, name))) : f.parts.of(filters), filters);
    const value = slots ? sql.placeholder(f.coded ? codeSlot(f.coded) : f.key) : f.coded ? codes[f.coded] : filters[f.key];
    return f.where(value, filters);
  });
}

const partSlot = (key: string, name: string) => `${key}_${name}`;

/** The values of a statement built by searchConditions with slots: the filters and their codes. */
export function slotValues(filters: Filters, codes: FilterCodes): Record<string, unknown> {
  const values: Record<string, unknown> = { ...filters, ...codeValues(codes) };
  for (const f of givenFilters(filters)) {
    if (!f.parts) continue;
    const of = f.parts.of(filters);
    f.parts.names.forEach((name, i) => (values[partSlot(f.key, name)] = of[i]));
  }
  return values;
}

/** A search's conditions on the search table, and its statements' values, for its codes. */
export interface SearchWhere {
  conditionsOf(filters: Filters, slots?: boolean): SQL[];
  values: Record<string, unknown>;
}

export function searchWhere(filters: Filters, codes: FilterCodes): SearchWhere {
  return { conditionsOf: (f, slots) => searchConditions(f, codes, slots), values: slotValues(filters, codes) };
}

/** Does a search with `filters` list this row? (cache.ts: `filters` as `matchable` makes them.) */
export function matchesFilters(filters: Filters, row: SearchRow): boolean {
  for (let i = 0; i < FILTERS.length; i++) if (!FILTERS[i]!.passes(filters, row)) return false;
  return true;
}

/**
 * The same filters as an object with every member, always in the same order. Filters parsed from
 * requests name different members in different orders, so each combination has its own hidden
 * class in V8, and matchesFilters run over thousands of cached ones is megamorphic: each property
 * read goes through a slow lookup. The cache keeps its filters in this one shape.
 */
export function matchable(filters: Filters): Filters {
  const all: Record<string, unknown> = {};
  for (const f of FILTERS) all[f.key] = filters[f.key];
  return all as Filters;
}

/** Which filters a search has: with the statement's kind, the shape of its SQL. */
export function filterShape(filters: Filters): string {
  return (Object.keys(filters) as (keyof Filters)[])
    .filter((k) => filters[k] !== undefined)
    .sort()
    .join(',');
}
