import { useEffect, useState } from 'react';
import { GEOCODER, MSG, type GeocodeFeature } from 'shared-contracts';
import { useApi } from 'web-runtime/store';

export interface GeocodeSearchState {
  results: GeocodeFeature[];
  loading: boolean;
  /** MSG.geocoderError or MSG.noResults, else ''. */
  message: string;
}

/**
 * The search box of 'Escribe la dirección': at least 2 characters, 200 ms debounce (the geocoder
 * widget's defaults, SPEC §9), and a stale request is aborted so an old answer never replaces a
 * newer one.
 */
export function useGeocodeSearch(query: string): GeocodeSearchState {
  const api = useApi();
  const [state, setState] = useState<GeocodeSearchState>({ results: [], loading: false, message: '' });

  useEffect(() => {
    const q = query.trim();
    if (q.length < GEOCODER.minLength) {
      setState({ results: [], loading: false, message: '' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, loading: true, message: '' }));
      try {
        const res = await api.geocodeSearch(q, controller.signal);
        if (controller.signal.aborted) return;
        const results = res.features ?? [];
        setState({ results, loading: false, message: results.length ? '' : MSG.noResults });
      } catch (err) {
        if (controller.signal.aborted) return;
        console.warn('geocode search failed', err);
        setState({ results: [], loading: false, message: MSG.geocoderError });
      }
    }, GEOCODER.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, query]);

  return state;
}
