/**
 * Issue 44: THE request of the map's clusters (`POST /anuncios/mapa`) and of a pin's listing for
 * its popup. Each view is its own key; while a new view loads, the last clusters stay on the map.
 */
import type { Anuncio, MapaRequest, MapaResponse } from 'shared-contracts';
import { useApi, useQuery, type QueryResult } from 'web-runtime/store';

export function useMapa(request: MapaRequest | null): QueryResult<MapaResponse> {
  const api = useApi();
  return useQuery(request ? `mapa:${JSON.stringify(request)}` : null, (signal) => api.mapa(request!, signal), { keepPrevious: true });
}

export function useMapaAnuncio(id: string): QueryResult<Anuncio> {
  const api = useApi();
  return useQuery(`mapa-anuncio:${id}`, (signal) => api.getAnuncio(id, signal));
}
