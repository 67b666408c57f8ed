/**
 * Geocoding: the offline gazetteer by default, a Nominatim-compatible server when GEOCODER_URL
 * is set. Both answer the GeocodeResponse shape of SPEC §3.
 */
import { createNominatimGeocoder } from './nominatim';
import { createOfflineGeocoder } from './offline';
import type { GeocoderProvider } from './provider';

export interface GeocoderConfig {
  geocoderUrl?: string;
  timeoutMs?: number;
}

export function createGeocoder(config: GeocoderConfig = {}): GeocoderProvider {
  return config.geocoderUrl
    ? createNominatimGeocoder({ url: config.geocoderUrl, timeoutMs: config.timeoutMs })
    : createOfflineGeocoder();
}

export { getGazetteer, gazetteerAttribution, normalizeName } from './gazetteer';
export type { Province, Municipality, Sector, Gazetteer } from './gazetteer';
export { findProvince, findMunicipality, findSector } from './lookup';
export { searchGazetteer, reverseGazetteer, insideDominicanRepublic, distanceKm } from './offline';
export { createNominatimGeocoder } from './nominatim';
export { GeocoderUnavailableError, type GeocoderProvider } from './provider';
export { placeBySlug, slugOfPlace, allPlaceSlugs, type PlaceSlug, type PlaceFilters } from './slugs';
