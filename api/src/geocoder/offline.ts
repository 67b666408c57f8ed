/**
 * The default geocoder: search and reverse over the offline gazetteer, no network.
 */
import { GEOCODER, DO_BBOX, type GeocodeResponse } from 'shared-contracts';
import { getGazetteer, normalizeName, words, type PlaceEntry, type PlaceKind } from './gazetteer';
import { toFeature } from './features';
import type { GeocoderProvider } from './provider';

/** Beyond this distance a sector is not "where the point is"; the municipality answers instead. */
const SECTOR_RADIUS_KM = 4;
const KIND_ORDER: Record<PlaceKind, number> = { region: 0, place: 1, locality: 2 };

export function insideDominicanRepublic(lng: number, lat: number): boolean {
  return lat >= DO_BBOX.latMin && lat <= DO_BBOX.latMax && lng >= DO_BBOX.lngMin && lng <= DO_BBOX.lngMax;
}

/** Every query word is a prefix of some word of the name (any order). */
function prefixMatch(queryWords: string[], nameWords: string[]): boolean {
  return queryWords.every((q) => nameWords.some((w) => w.startsWith(q)));
}

/** Lower is better; null when the entry does not match. */
function score(e: PlaceEntry, query: string, queryWords: string[]): number | null {
  let best: number | null = null;
  e.nameWords.forEach((nameWords, i) => {
    if (!prefixMatch(queryWords, nameWords)) return;
    const full = e.normalizedNames[i];
    const s = full === query ? 0 : full.startsWith(query) ? 1 : 2;
    best = best === null ? s : Math.min(best, s);
  });
  if (best !== null) return best * 10 + KIND_ORDER[e.kind];
  // "Bella Vista Santo Domingo": the name plus its municipality and province words.
  const parents = [
    ...(e.municipality ? words(e.municipality.name) : []),
    ...(e.kind !== 'region' ? words(e.province.name) : []),
  ];
  const own = e.nameWords[0];
  const ownHit = queryWords.some((q) => own.some((w) => w.startsWith(q)));
  if (ownHit && prefixMatch(queryWords, [...own, ...parents])) return 30 + KIND_ORDER[e.kind];
  return null;
}

export function searchGazetteer(q: string, limit: number = GEOCODER.limit): GeocodeResponse {
  const query = normalizeName(q);
  if (query.length < GEOCODER.minLength) return { features: [] };
  const queryWords = query.split(' ');
  const hits: { e: PlaceEntry; s: number }[] = [];
  for (const e of getGazetteer().entries) {
    const s = score(e, query, queryWords);
    if (s !== null) hits.push({ e, s });
  }
  hits.sort((a, b) => a.s - b.s || a.e.name.localeCompare(b.e.name, 'es'));
  return { features: hits.slice(0, limit).map((h) => toFeature(h.e)) };
}

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

function nearest(entries: PlaceEntry[], lng: number, lat: number): { e: PlaceEntry; km: number } | null {
  let best: { e: PlaceEntry; km: number } | null = null;
  for (const e of entries) {
    const km = distanceKm(lat, lng, e.lat, e.lng);
    if (!best || km < best.km) best = { e, km };
  }
  return best;
}

/**
 * The place a point lies in: the nearest sector when one is close, otherwise the nearest
 * municipality seat; then its municipality and province, most specific first (Mapbox order).
 */
export function reverseGazetteer(lng: number, lat: number): GeocodeResponse {
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || !insideDominicanRepublic(lng, lat)) return { features: [] };
  const { entries } = getGazetteer();
  // a sector known only by name (its municipality's point) is never "where the point is"
  const sector = nearest(entries.filter((e) => e.kind === 'locality' && !e.sector?.approx), lng, lat);
  const municipality = nearest(entries.filter((e) => e.kind === 'place'), lng, lat);
  const first = sector && sector.km <= SECTOR_RADIUS_KM ? sector.e : municipality?.e;
  if (!first) return { features: [] };
  const chain: PlaceEntry[] = [first];
  if (first.kind === 'locality') {
    const m = entries.find((e) => e.kind === 'place' && e.id === first.municipality?.id);
    if (m) chain.push(m);
  }
  const p = entries.find((e) => e.kind === 'region' && e.id === first.province.id);
  if (p) chain.push(p);
  return { features: chain.map(toFeature) };
}

export function createOfflineGeocoder(): GeocoderProvider {
  return {
    search: async (q) => searchGazetteer(q),
    reverse: async (lng, lat) => reverseGazetteer(lng, lat),
  };
}
