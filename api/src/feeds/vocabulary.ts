/**
 * The feed's words for purpose, property type and currency, in English (Trovit/Mitula) and in
 * Spanish, onto the SPEC's enumerations. Matching ignores accents, case and punctuation.
 */
import { ATTR_LIMITS, PROPIEDAD_FILTER, anoConstruccionMax, type Moneda, type Propiedad } from 'shared-contracts';
import { normalizeName } from '../geocoder';

const PURPOSES: Record<string, 'venta' | 'alquiler'> = {
  'for sale': 'venta', sale: 'venta', sell: 'venta', venta: 'venta', 'en venta': 'venta', 'se vende': 'venta', vendo: 'venta',
  'for rent': 'alquiler', rent: 'alquiler', rental: 'alquiler', 'for lease': 'alquiler', lease: 'alquiler',
  alquiler: 'alquiler', 'en alquiler': 'alquiler', renta: 'alquiler', 'se alquila': 'alquiler', arriendo: 'alquiler',
  'vacation rental': 'alquiler', 'alquiler vacacional': 'alquiler',
};

export function mapPurpose(value: string | undefined): 'venta' | 'alquiler' | null {
  return PURPOSES[normalizeName(value ?? '')] ?? null;
}

/** Synonyms beyond the SPEC's own names (which match themselves). */
const PROPERTY_SYNONYMS: Record<string, Propiedad> = {
  house: 'Casa', home: 'Casa', chalet: 'Casa', vivienda: 'Casa', residencia: 'Casa', 'single family': 'Casa', duplex: 'Casa',
  apartment: 'Apartamento', apartamentos: 'Apartamento', apto: 'Apartamento', flat: 'Apartamento', condo: 'Apartamento',
  condominio: 'Apartamento', piso: 'Apartamento', departamento: 'Apartamento',
  villas: 'Villa',
  lot: 'Solar', plot: 'Solar', solares: 'Solar',
  land: 'Terreno', terrenos: 'Terreno', parcela: 'Terreno',
  'pent house': 'Penthouse', ph: 'Penthouse',
  farm: 'Finca', ranch: 'Finca', rancho: 'Finca', fincas: 'Finca',
  loft: 'Lofts',
  studio: 'Estudios', estudio: 'Estudios',
  office: 'Oficina', oficinas: 'Oficina', consultorio: 'Oficina',
  hotels: 'Hotel', hostal: 'Hotel',
  'town house': 'Townhouse', townhome: 'Townhouse',
  nave: 'Naves', 'nave industrial': 'Naves', warehouse: 'Naves', bodega: 'Naves', industrial: 'Naves',
  commercial: 'Locales', 'commercial property': 'Locales', local: 'Locales', 'local comercial': 'Locales',
  comercial: 'Locales', shop: 'Locales', store: 'Locales', retail: 'Locales',
  building: 'Edificio', edificios: 'Edificio',
  tourist: 'Turistico', 'gas station': 'Estacion de Combustible', gasolinera: 'Estacion de Combustible',
  project: 'Proyecto', 'new development': 'Proyecto', business: 'Negocio',
  other: 'Otro', others: 'Otro', otros: 'Otro',
};

const PROPERTY_NAMES = new Map<string, Propiedad>([
  ...PROPIEDAD_FILTER.map((p) => [normalizeName(p), p] as [string, Propiedad]),
  ...Object.entries(PROPERTY_SYNONYMS),
]);
/** Longest first, so "local comercial" wins over "local" inside a longer text. */
const PHRASES = [...PROPERTY_NAMES.keys()].sort((a, b) => b.length - a.length);

/** A whole name first, then a known name inside the text ("Apartamento en venta"); else Otro. */
export function mapPropertyType(value: string | undefined): Propiedad {
  const n = normalizeName(value ?? '');
  const exact = PROPERTY_NAMES.get(n);
  if (exact) return exact;
  const padded = ` ${n} `;
  const phrase = PHRASES.find((p) => padded.includes(` ${p} `));
  return phrase ? (PROPERTY_NAMES.get(phrase) as Propiedad) : 'Otro';
}

const CURRENCIES: Record<string, Moneda> = {
  dop: 'RD', rd: 'RD', 'rd$': 'RD', rds: 'RD', 'rd $': 'RD', peso: 'RD', pesos: 'RD', 'peso dominicano': 'RD',
  usd: 'US', us: 'US', 'us$': 'US', 'us $': 'US', 'u s': 'US', dolar: 'US', dolares: 'US', dollar: 'US', dollars: 'US',
};

export function mapCurrency(value: string | undefined): Moneda | null {
  const raw = (value ?? '').trim().toLowerCase();
  if (!raw) return null;
  return CURRENCIES[raw.replace(/\s+/g, ' ')] ?? CURRENCIES[normalizeName(raw)] ?? null;
}

/** A currency written before the amount ("US$ 250,000", "RD$1,500,000"). */
export function currencyInPrice(price: string | undefined): Moneda | null {
  const m = /^\s*(rd\s*\$|us\s*\$|usd|dop|rd|us)/i.exec(price ?? '');
  return m ? mapCurrency(m[1]) : null;
}

/**
 * A number as partners write it: "1,500,000", "1.500.000", "1500000.00", "250,000.50", "85,5".
 * The last separator is the decimal one when it has other than three digits after it.
 */
export function parseAmount(value: string | undefined): number | null {
  const cleaned = (value ?? '').replace(/[^\d.,-]/g, '');
  if (!/\d/.test(cleaned)) return null;
  const lastSep = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  let normalized: string;
  if (lastSep === -1) normalized = cleaned;
  else {
    const decimals = cleaned.length - lastSep - 1;
    const seps = (cleaned.match(/[.,]/g) ?? []).length;
    const mixed = cleaned.includes('.') && cleaned.includes(',');
    const isDecimal = mixed ? true : decimals !== 3 || (seps === 1 && cleaned[lastSep] === '.' && cleaned.startsWith('0'));
    normalized = isDecimal
      ? `${cleaned.slice(0, lastSep).replace(/[.,]/g, '')}.${cleaned.slice(lastSep + 1)}`
      : cleaned.replace(/[.,]/g, '');
  }
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

/** A whole count ("3", "3.0"; "2.5" baths = 2 full ones); anything else is unknown. */
export function parseCount(value: string | undefined): number | null {
  const n = parseAmount(value);
  return n === null || n < 0 ? null : Math.floor(n);
}

/**
 * Issue 42: bathrooms as feeds write them, '2.5' = two full and one half (the import used to
 * round it away). A whole number says nothing of half bathrooms (unknown, not 0).
 */
export function parseBathrooms(value: string | undefined): { banos: number | null; mediosBanos: number | null } {
  const n = parseAmount(value);
  if (n === null || n < 0) return { banos: null, mediosBanos: null };
  const full = Math.floor(n);
  return { banos: full, mediosBanos: n - full >= 0.5 ? 1 : null };
}

const FURNISHED: Record<string, 'si' | 'semi' | 'no'> = {
  '1': 'si', yes: 'si', si: 'si', 'sí': 'si', true: 'si', amueblado: 'si', furnished: 'si',
  '0': 'no', no: 'no', false: 'no', unfurnished: 'no', 'sin amueblar': 'no',
  semi: 'semi', semiamueblado: 'semi', 'semi-amueblado': 'semi', 'semi amueblado': 'semi', 'semi-furnished': 'semi', 'part-furnished': 'semi',
};
/** Trovit's `is_furnished` (1/0, yes/no, and the Spanish words): unknown for anything else. */
export function mapFurnished(value: string | undefined): 'si' | 'semi' | 'no' | null {
  return FURNISHED[(value ?? '').trim().toLowerCase()] ?? null;
}

/** Trovit's `year` (year built): a plausible year, or unknown. */
export function parseYear(value: string | undefined): number | null {
  const m = /^\s*(\d{4})\s*$/.exec(value ?? '');
  const year = m ? Number(m[1]) : NaN;
  return year >= ATTR_LIMITS.anoMin && year <= anoConstruccionMax() ? year : null;
}
