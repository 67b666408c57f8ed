/**
 * The HTTP cases the benchmark drives. Filtered searches are built from a random sample of the
 * loaded listings, so popular regions and places come up as often as they do in the data, and
 * from a fixed seed, so two runs send the same mix.
 */
import { AMUEBLADOS, DO_BBOX, ORDEN_DEFAULT, ORDENES, PROPIEDAD_FILTER, PROPOSITO_FILTER, RESPALDO_FILTER, type Filters, type MapaRequest, type Orden, type Zona } from 'shared-contracts';
import type { SampleRow } from './load-data';
import { rng } from './random';

export type CaseName = 'noop' | 'floor' | 'home' | 'filtered' | 'cold' | 'deep' | 'deepRandom' | 'detail' | 'mixed' | 'writes' | 'map';

export interface HttpCase {
  name: CaseName;
  label: string;
  /** A fresh request each time a connection sends one; `part` names its share of a mixed case. */
  next(): { method: 'GET' | 'POST'; path: string; body?: string; part?: string };
}

const search = (filters: Filters, page = 0, orden: Orden = ORDEN_DEFAULT) => ({
  method: 'POST' as const,
  path: '/allAnuncios',
  body: JSON.stringify(orden === ORDEN_DEFAULT ? { filters, page } : { filters, page, orden }),
});

/**
 * The orders the cold case draws (issue 42): the default, newest first, for 40 % of the searches,
 * each other order for 15 %; `--orders` narrows them (`--orders recientes`: the searches of
 * before the orders). Drawn from their own generator, so the filters are the same whatever the orders.
 */
export function orderMix(allowed: readonly Orden[] = ORDENES, seed = 42): () => Orden {
  const random = rng(seed);
  const others = allowed.filter((o) => o !== ORDEN_DEFAULT);
  return () => {
    if (allowed.includes(ORDEN_DEFAULT) && (!others.length || random() < 0.4)) return ORDEN_DEFAULT;
    return others[Math.floor(random() * others.length)]!;
  };
}

/** Price bands people actually type: RD$ without currency, then per currency. */
const RD_BANDS: [number | undefined, number | undefined][] = [
  [1_000_000, 5_000_000], [5_000_000, 12_000_000], [undefined, 3_000_000], [15_000_000, undefined], [20_000, 60_000],
];
const US_BANDS: [number | undefined, number | undefined][] = [[100_000, 300_000], [undefined, 150_000], [500_000, undefined], [800, 2_000]];

/** Realistic filter combinations, one per call, drawn from the sample. */
export function filterMix(sample: SampleRow[], size = 400, seed = 11): { filters: Filters; page: number }[] {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const range = (bands: [number | undefined, number | undefined][]) => {
    const [precioMin, precioMax] = pick(bands);
    return { ...(precioMin !== undefined && { precioMin }), ...(precioMax !== undefined && { precioMax }) };
  };
  const proposito = () => pick(['venta', 'venta', 'alquiler'] as const);
  const makers: (() => Filters)[] = [
    () => ({ region: pick(sample).region, proposito: proposito() }),
    () => range(RD_BANDS),
    () => ({ moneda: 'US', ...range(US_BANDS) }),
    () => ({ moneda: 'RD', ...range(RD_BANDS) }),
    () => ({ propiedad: pick(sample).propiedad as Filters['propiedad'], habitaciones: 1 + Math.floor(random() * 4) }),
    () => ({ place: pick(sample).place }),
    () => ({ place: pick(sample).place, proposito: proposito() }),
    () => {
      const s = pick(sample);
      return s.locality ? { locality: s.locality } : { region: s.region };
    },
    () => ({ region: pick(sample).region, propiedad: 'Apartamento', habitaciones: 2, ...range(RD_BANDS) }),
    () => ({ proposito: 'alquiler', propiedad: 'Apartamento', moneda: 'US', precioMax: 2_000 }),
  ];
  return Array.from({ length: size }, () => {
    const page = random() < 0.8 ? 0 : 1 + Math.floor(random() * 3);
    return { filters: pick(makers)(), page };
  });
}

/**
 * Searches that were never asked before (issue 18): random price bounds and a random combination
 * of province, sector, type, purpose and rooms, 80 % page 0. No two are alike, so no cache helps.
 */
export function coldSearches(sample: SampleRow[], seed = 18, attributes = true): () => { filters: Filters; page: number } {
  const random = rng(seed);
  const withAttributes = attributeFilters(seed + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const maybe = (p: number) => random() < p;
  let n = 0;
  return () => {
    const s = pick(sample);
    const filters: Filters = {};
    if (maybe(0.5)) filters.region = s.region;
    else if (maybe(0.4)) filters.place = s.place;
    else if (maybe(0.3) && s.locality) filters.locality = s.locality;
    // Only values the search form offers (the data also has e.g. "construir", not a filter).
    const own = <T extends string>(value: string, allowed: readonly T[]) => (allowed as readonly string[]).includes(value) ? (value as T) : pick(allowed);
    if (maybe(0.6)) filters.proposito = own(s.proposito, PROPOSITO_FILTER);
    if (maybe(0.4)) filters.propiedad = maybe(0.7) ? own(s.propiedad, PROPIEDAD_FILTER) : pick(PROPIEDAD_FILTER);
    if (maybe(0.3)) filters.habitaciones = 1 + Math.floor(random() * 4);
    if (maybe(0.3)) filters.moneda = maybe(0.5) ? 'US' : 'RD';
    const scale = filters.moneda === 'US' ? 1_000 : 60_000;
    // Bounds with a unique tail (+ n) so no two requests are the same search.
    n += 1;
    if (maybe(0.7)) filters.precioMin = Math.round(random() * 150 * scale) + n;
    if (maybe(0.7)) filters.precioMax = Math.round((150 + random() * 600) * scale) + n;
    if (filters.precioMin === undefined && filters.precioMax === undefined) filters.metrosMin = n % 100_000;
    if (attributes) withAttributes(filters);
    return { filters, page: random() < 0.8 ? 0 : 1 + Math.floor(random() * 3) };
  };
}

/** Where the generated listings crowd (seed/generate-listings.ts anchors): the map is looked at there most. */
const CITIES: [number, number][] = [[18.47, -69.93], [19.45, -70.69], [18.58, -68.4], [19.79, -70.69], [18.43, -68.97], [19.22, -70.53]];

/**
 * Issue 44: map views never asked before: 60 % around a city, 40 % anywhere in the country; a
 * zoom of 7 to 17 and a screen of 390 × 700 to 1280 × 800 px; half with a cold search's
 * filters (their unique price tail), half with none (the map of everything).
 */
export function mapViews(sample: SampleRow[], seed = 44): () => MapaRequest {
  const random = rng(seed);
  const cold = coldSearches(sample, seed + 1);
  return () => {
    const [lat, lng] = random() < 0.6
      ? (([a, b]) => [a + (random() - 0.5) * 0.3, b + (random() - 0.5) * 0.3])(CITIES[Math.floor(random() * CITIES.length)]!)
      : [DO_BBOX.latMin + random() * (DO_BBOX.latMax - DO_BBOX.latMin), DO_BBOX.lngMin + random() * (DO_BBOX.lngMax - DO_BBOX.lngMin)];
    const zoom = 7 + Math.floor(random() * 11);
    const [wPx, hPx] = random() < 0.5 ? [390, 700] : [1280, 800];
    const perPx = 360 / 256 / 2 ** zoom;
    const r5 = (n: number) => Math.round(n * 1e5) / 1e5;
    const vista: Zona = [r5(lat - (hPx / 2) * perPx), r5(lng - (wPx / 2) * perPx), r5(lat + (hPx / 2) * perPx), r5(lng + (wPx / 2) * perPx)];
    return { filters: random() < 0.5 ? cold().filters : {}, vista, zoom };
  };
}

/**
 * Issue 42's filters added to a cold search (decision 0028), each with about the share a search
 * panel would see, from their own generator so the other filters are the same with or without
 * them (`--attributes 0`: the searches of before them). About half the searches get at least one.
 */
function attributeFilters(seed: number): (filters: Filters) => void {
  const random = rng(seed);
  const maybe = (p: number) => random() < p;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  return (filters) => {
    if (maybe(0.15)) filters.banosMin = 1 + Math.floor(random() * 3);
    if (maybe(0.15)) filters.parqueosMin = 1 + Math.floor(random() * 2);
    if (maybe(0.12)) filters.amueblado = pick(AMUEBLADOS);
    if (maybe(0.1)) filters.respaldo = pick(RESPALDO_FILTER);
    if (maybe(0.06)) filters.ascensor = true;
    if (maybe(0.06)) filters.piscina = true;
    if (maybe(0.06)) filters.seguridad24h = true;
    if (maybe(0.05)) {
      filters.construccion = pick(['planos', 'construccion'] as const);
      if (maybe(0.5)) filters.entregaHasta = 2027 + Math.floor(random() * 4);
    }
    if (maybe(0.06)) filters.mantenimientoMax = filters.moneda === 'US' ? 100 + Math.floor(random() * 400) : 5_000 + Math.floor(random() * 20_000);
  };
}

export function httpCases(sample: SampleRow[], deepPage: number, listings: number, orders: readonly Orden[] = ORDENES, attributes = true): HttpCase[] {
  const mix = filterMix(sample);
  const cold = coldSearches(sample, 18, attributes);
  const coldOrder = orderMix(orders);
  const deepRandom = rng(5);
  const views = mapViews(sample);
  const lastPage = Math.max(0, Math.ceil(listings / 12) - 1);
  const ids = sample.map((s) => s.id);
  let m = 0;
  let d = 0;
  return [
    { name: 'noop', label: 'no-op (techo)', next: () => ({ method: 'GET', path: '/bench/noop' }) },
    { name: 'home', label: 'inicio (sin filtros, pág. 0)', next: () => search({}, 0) },
    {
      name: 'filtered',
      label: `filtros (mezcla de ${mix.length})`,
      next: () => {
        const { filters, page } = mix[m++ % mix.length];
        return search(filters, page);
      },
    },
    {
      name: 'cold',
      label: `filtros nunca repetidos (frío; órdenes: ${orders.join(', ')}; atributos: ${attributes ? 'sí' : 'no'})`,
      next: () => {
        const { filters, page } = cold();
        return search(filters, page, coldOrder());
      },
    },
    { name: 'deep', label: `página ${deepPage}`, next: () => search({}, deepPage) },
    // Any page up to the last (no two alike while the cache holds them: 1 in 80,000 at 1M).
    { name: 'deepRandom', label: 'página al azar hasta la última', next: () => search({}, Math.floor(deepRandom() * (lastPage + 1))) },
    { name: 'detail', label: 'detalle (ids al azar)', next: () => ({ method: 'GET', path: `/anuncio/${ids[d++ % ids.length]}` }) },
    { name: 'map', label: 'mapa: vista y zoom al azar, nunca repetidos, mitad con filtros', next: () => ({ method: 'POST', path: '/anuncios/mapa', body: JSON.stringify(views()) }) },
  ];
}
