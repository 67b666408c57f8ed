import type { GeocodeResponse } from 'shared-contracts';

/** What 'Confirmar' writes into the form (SPEC §7 POST /anuncio address fields). */
export interface AddressValue {
  address: string;
  place: string;
  region: string;
  locality: string;
  latitude: number;
  longitude: number;
}

/** The context entry whose id contains `kind` (e.g. 'place.123'), as text (SPEC §3 reverse geocoding). */
function contextText(feature: GeocodeResponse['features'][number], kind: 'place' | 'region' | 'locality'): string {
  return feature.context?.find((c) => c.id.includes(kind))?.text ?? '';
}

/**
 * Reads features[0] of a reverse-geocoding answer. The coordinates are the map centre the user
 * confirmed (not the feature's centre): the pin is where the user put it.
 */
export function featureToAddress(res: GeocodeResponse, lng: number, lat: number): AddressValue | null {
  const feature = res.features?.[0];
  if (!feature) return null;
  return {
    address: feature.place_name,
    place: contextText(feature, 'place'),
    region: contextText(feature, 'region'),
    locality: contextText(feature, 'locality'),
    latitude: lat,
    longitude: lng,
  };
}
