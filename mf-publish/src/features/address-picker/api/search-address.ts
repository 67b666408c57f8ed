/**
 * The search box of 'Escribe la dirección' (GET /geocode/search): at least 2 characters, 200 ms
 * after the last keystroke (the geocoder widget's defaults, SPEC §9), one request per text;
 * a newer text aborts the request of the older one, whose answer never replaces the newer.
 */
import { useEffect, useState } from 'react';
import { GEOCODER, MSG, type ApiClient, type GeocodeFeature, type GeocodeResponse } from 'shared-contracts';
import { useApi, useQuery } from 'web-runtime/store';

export const searchAddress = (api: ApiClient, q: string, signal?: AbortSignal): Promise<GeocodeResponse> => api.geocodeSearch(q, signal);

export interface GeocodeSearchState {
  results: GeocodeFeature[];
  loading: boolean;
  /** MSG.geocoderError or MSG.noResults, else ''. */
  message: string;
}

/** `value`, once it has not changed for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function useGeocodeSearch(query: string): GeocodeSearchState {
  const api = useApi();
  const q = query.trim();
  const settled = useSettled(q, GEOCODER.debounceMs);
  const searching = q.length >= GEOCODER.minLength && settled.length >= GEOCODER.minLength;
  const { status, data, error, fetching } = useQuery(searching ? `geocode:${settled}` : null, (signal) => searchAddress(api, settled, signal), { keepPrevious: true });
  useEffect(() => {
    if (error) console.warn('geocode search failed', error);
  }, [error]);
  if (!searching) return { results: [], loading: false, message: '' };
  if (status === 'error') return { results: [], loading: false, message: MSG.geocoderError };
  const results = data?.features ?? [];
  return { results, loading: fetching, message: status === 'success' && !results.length ? MSG.noResults : '' };
}
