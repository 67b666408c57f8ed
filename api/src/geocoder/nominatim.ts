/**
 * Geocoder backed by a Nominatim-compatible server (GEOCODER_URL), answers normalised to the
 * same GeocodeResponse shape as the offline gazetteer so the address picker cannot tell them apart.
 */
import { GEOCODER, type GeocodeContext, type GeocodeFeature, type GeocodeResponse } from 'shared-contracts';
import { normalizeName } from './gazetteer';
import { COUNTRY_NAME } from './features';
import { insideDominicanRepublic } from './offline';
import { GeocoderUnavailableError, type GeocoderProvider } from './provider';

export interface NominatimOptions {
  url: string;
  timeoutMs?: number;
  /** Nominatim's usage policy asks every client to identify itself. */
  userAgent?: string;
}

interface NominatimPlace {
  place_id?: number | string;
  osm_type?: string;
  osm_id?: number | string;
  lat?: string | number;
  lon?: string | number;
  name?: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

const LOCALITY_KEYS = ['neighbourhood', 'suburb', 'quarter', 'city_district', 'hamlet', 'village'];
const PLACE_KEYS = ['city', 'town', 'municipality', 'village', 'county'];
const REGION_KEYS = ['state', 'province', 'region', 'state_district'];

function first(address: Record<string, string | undefined>, keys: string[], not?: string): string | undefined {
  for (const key of keys) {
    const v = address[key]?.trim();
    if (v && v !== not) return v;
  }
  return undefined;
}

function slug(text: string): string {
  return normalizeName(text).replace(/ /g, '-') || 'x';
}

export function normalizeNominatimPlace(p: NominatimPlace): GeocodeFeature | null {
  const lat = Number(p.lat);
  const lng = Number(p.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const address = p.address ?? {};
  const region = first(address, REGION_KEYS);
  const place = first(address, PLACE_KEYS);
  const locality = first(address, LOCALITY_KEYS, place);
  const context: GeocodeContext[] = [];
  if (locality) context.push({ id: `locality.${slug(locality)}`, text: locality });
  if (place) context.push({ id: `place.${slug(place)}`, text: place });
  if (region) context.push({ id: `region.${slug(region)}`, text: region });
  const text = p.name?.trim() || locality || place || region || p.display_name?.split(',')[0]?.trim() || COUNTRY_NAME;
  const id = p.osm_type && p.osm_id !== undefined ? `${p.osm_type}.${p.osm_id}` : `nominatim.${p.place_id ?? slug(text)}`;
  return {
    id,
    text,
    place_name: p.display_name?.trim() || [...context.map((c) => c.text), COUNTRY_NAME].join(', '),
    center: [lng, lat],
    context,
  };
}

export function createNominatimGeocoder(options: NominatimOptions): GeocoderProvider {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const userAgent = options.userAgent ?? 'portal-inmobiliario-rd/0.1';

  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': userAgent, 'accept-language': 'es' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GeocoderUnavailableError(`geocoder request failed: ${String(err)}`, { cause: err });
    }
    if (!res.ok) throw new GeocoderUnavailableError(`geocoder answered ${res.status}`);
    try {
      return await res.json();
    } catch (err) {
      throw new GeocoderUnavailableError('geocoder answered invalid JSON', { cause: err });
    }
  }

  return {
    async search(q) {
      if (q.trim().length < GEOCODER.minLength) return { features: [] };
      const body = await get('/search', {
        format: 'jsonv2',
        countrycodes: GEOCODER.country,
        limit: String(GEOCODER.limit),
        addressdetails: '1',
        q: q.trim(),
      });
      if (!Array.isArray(body)) throw new GeocoderUnavailableError('geocoder search answer is not a list');
      const features = (body as NominatimPlace[])
        .map(normalizeNominatimPlace)
        .filter((f): f is GeocodeFeature => f !== null && insideDominicanRepublic(f.center[0], f.center[1]));
      return { features: features.slice(0, GEOCODER.limit) };
    },
    async reverse(lng, lat): Promise<GeocodeResponse> {
      if (!insideDominicanRepublic(lng, lat)) return { features: [] };
      const body = (await get('/reverse', { format: 'jsonv2', lon: String(lng), lat: String(lat), addressdetails: '1' })) as
        | (NominatimPlace & { error?: unknown })
        | null;
      // Nominatim answers 200 {error: "Unable to geocode"} where nothing is found.
      if (!body || typeof body !== 'object' || body.error) return { features: [] };
      const feature = normalizeNominatimPlace(body);
      return { features: feature ? [feature] : [] };
    },
  };
}
