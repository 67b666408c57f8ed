/** What the geocode routes need from a provider (offline gazetteer or Nominatim). */
import type { GeocodeResponse } from 'shared-contracts';

export interface GeocoderProvider {
  search(q: string): Promise<GeocodeResponse>;
  reverse(lng: number, lat: number): Promise<GeocodeResponse>;
}

/** The remote geocoder could not be reached or answered garbage (routes answer 502). */
export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailableError';
  }
}
