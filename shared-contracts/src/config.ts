/** Runtime configuration served next to the shell (config.json), read at start-up, never baked into builds. */
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from './map-defaults';
import { LISTING_TTL_DAYS_DEFAULT } from './listing-status';

/** How long the shell waits for a remote before its fallback with "Reintentar" (REMOTE_TIMEOUT_MS). */
export const DEFAULT_REMOTE_TIMEOUT_MS = 15_000;

export interface RuntimeConfig {
  apiBaseUrl: string;
  tileUrl: string;
  tileAttribution: string;
  contactEmail: string;
  /** Enables /__error, used by the browser tests of the error screen. */
  testRoutes: boolean;
  /** Milliseconds the shell waits for a remote's entry and expose before showing the fallback. */
  remoteTimeoutMs: number;
  /** PUBLIC_SITE_URL without the trailing slash: absolute listing links in WhatsApp messages ('' = the page's origin). */
  siteUrl: string;
  /** RD$ per US$ (USD_DOP_RATE, the API's rate for price filters): the other-currency figure beside every price. */
  usdDopRate: number;
  /** The day usdDopRate was taken (USD_DOP_RATE_DATE, YYYY-MM-DD), shown beside it; '' = not given. */
  usdDopRateDate: string;
  /** Days an owner's listing stays active before it must be renewed (LISTING_TTL_DAYS, the API's): the plans page says it. */
  listingTtlDays: number;
  /** Standalone QA only: other remotes this remote renders (name -> remoteEntry URL). */
  remotes?: Record<string, string>;
}

/** The registry: remote name -> URL of its remoteEntry.js (or mf-manifest.json). */
export type RemoteRegistry = Record<string, string>;

export const RUNTIME_CONFIG_DEFAULTS = {
  tileUrl: DEFAULT_TILE_URL,
  tileAttribution: DEFAULT_TILE_ATTRIBUTION,
  contactEmail: 'contacto@example.com',
  testRoutes: false,
  remoteTimeoutMs: DEFAULT_REMOTE_TIMEOUT_MS,
  siteUrl: '',
  usdDopRate: 60,
  usdDopRateDate: '',
  listingTtlDays: LISTING_TTL_DAYS_DEFAULT,
} as const satisfies Partial<RuntimeConfig>;

/*
 * Checked by hand rather than with zod: these run before the first page renders, and zod
 * (26 KB gzip) stays off the first load (docs/decisions/0004-first-load-budget.md).
 */
class ConfigShapeError extends Error {
  constructor(what: string, field: string, expected: string) {
    super(`${what}: "${field}" debe ser ${expected}`);
    this.name = 'ConfigShapeError';
  }
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function stringMap(value: unknown, what: string, field: string): Record<string, string> {
  if (!isRecord(value)) throw new ConfigShapeError(what, field, 'un objeto de textos');
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' || v.length === 0) throw new ConfigShapeError(what, `${field}.${k}`, 'un texto no vacío');
  }
  return value as Record<string, string>;
}

/** config.json -> RuntimeConfig, defaults filled in; throws a clear message on a wrong shape. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const what = 'config.json';
  if (!isRecord(input)) throw new ConfigShapeError(what, '(raíz)', 'un objeto');
  const str = (field: keyof typeof RUNTIME_CONFIG_DEFAULTS | 'apiBaseUrl', fallback?: string): string => {
    const v = input[field] ?? fallback;
    if (typeof v !== 'string' || v.length === 0) throw new ConfigShapeError(what, field, 'un texto no vacío');
    return v;
  };
  const testRoutes = input.testRoutes ?? RUNTIME_CONFIG_DEFAULTS.testRoutes;
  if (typeof testRoutes !== 'boolean') throw new ConfigShapeError(what, 'testRoutes', 'true o false');
  const remoteTimeoutMs = input.remoteTimeoutMs ?? RUNTIME_CONFIG_DEFAULTS.remoteTimeoutMs;
  if (typeof remoteTimeoutMs !== 'number' || !Number.isInteger(remoteTimeoutMs) || remoteTimeoutMs <= 0) {
    throw new ConfigShapeError(what, 'remoteTimeoutMs', 'un entero positivo');
  }
  const siteUrl = input.siteUrl ?? RUNTIME_CONFIG_DEFAULTS.siteUrl;
  if (typeof siteUrl !== 'string') throw new ConfigShapeError(what, 'siteUrl', 'un texto');
  const usdDopRate = input.usdDopRate ?? RUNTIME_CONFIG_DEFAULTS.usdDopRate;
  if (typeof usdDopRate !== 'number' || !(usdDopRate > 0)) throw new ConfigShapeError(what, 'usdDopRate', 'un número positivo');
  const usdDopRateDate = input.usdDopRateDate ?? RUNTIME_CONFIG_DEFAULTS.usdDopRateDate;
  if (typeof usdDopRateDate !== 'string' || (usdDopRateDate !== '' && !isIsoDate(usdDopRateDate))) throw new ConfigShapeError(what, 'usdDopRateDate', 'una fecha AAAA-MM-DD');
  const listingTtlDays = input.listingTtlDays ?? RUNTIME_CONFIG_DEFAULTS.listingTtlDays;
  if (typeof listingTtlDays !== 'number' || !Number.isInteger(listingTtlDays) || listingTtlDays <= 0) throw new ConfigShapeError(what, 'listingTtlDays', 'un entero positivo');
  const config: RuntimeConfig = {
    apiBaseUrl: str('apiBaseUrl'),
    tileUrl: str('tileUrl', RUNTIME_CONFIG_DEFAULTS.tileUrl),
    tileAttribution: str('tileAttribution', RUNTIME_CONFIG_DEFAULTS.tileAttribution),
    contactEmail: str('contactEmail', RUNTIME_CONFIG_DEFAULTS.contactEmail),
    testRoutes,
    remoteTimeoutMs,
    siteUrl: siteUrl.replace(/\/+$/, ''),
    usdDopRate,
    usdDopRateDate,
    listingTtlDays,
  };
  if (input.remotes !== undefined) config.remotes = stringMap(input.remotes, what, 'remotes');
  return config;
}

/** registry.json -> RemoteRegistry; throws a clear message on a wrong shape. */
export function parseRemoteRegistry(input: unknown): RemoteRegistry {
  return stringMap(input, 'registry.json', '(raíz)');
}

/** Data attribution the portal must show wherever gazetteer-derived results appear. */
export const DATA_ATTRIBUTION =
  'Lugares: Oficina Nacional de Estadística (ONE), División Territorial 2020. Coordenadas © GeoNames (www.geonames.org), CC BY 4.0, en parte a través de Who\'s On First (whosonfirst.org). Contains information from the Countries States Cities Database (https://github.com/dr5hn/countries-states-cities-database), which is made available here under the Open Database License (ODbL).';
