/**
 * THE request of a listing's detail (SPEC §2 "Listing detail"): `GET /anuncio/{id}`, used by the
 * page's hook and by its serverData. null: no such listing (SPEC §7: a body with a `message`
 * field, a 404, or an id the API refuses, 400).
 */
import { ApiError, anuncioDataKey, type Anuncio, type ApiClient } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';

export async function getAnuncio(api: ApiClient, anuncioId: string, signal?: AbortSignal): Promise<Anuncio | null> {
  try {
    const body = (await api.getAnuncio(anuncioId, signal)) as Anuncio & { message?: string };
    return body?._id && body.message === undefined ? body : null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/** The key of a listing's query, and of the page data the server embeds it under. */
export const anuncioKey = anuncioDataKey;

export type AnuncioView =
  | { status: 'loading' }
  | { status: 'ok'; anuncio: Anuncio }
  | { status: 'not-found' }
  | { status: 'error'; message: string; retry: () => void };

/**
 * The listing by the route's id (a shared or reloaded link works). The store's chosen listing
 * (the card just pressed) paints at once when its id matches, and stays if only the refresh
 * fails; the request still runs so the page shows current data. A server-rendered page starts
 * from the embedded listing (or its absence) and is not fetched again.
 */
export function useAnuncio(anuncioId: string): AnuncioView {
  const api = useApi();
  const chosen = usePortalStore((s) => s.chosenAnuncio);
  const { status, data, error, refetch } = useQuery(anuncioKey(anuncioId), (signal) => getAnuncio(api, anuncioId, signal));
  if (status === 'success') return data ? { status: 'ok', anuncio: data } : { status: 'not-found' };
  if (chosen?._id === anuncioId) return { status: 'ok', anuncio: chosen };
  if (status === 'error') return { status: 'error', message: error instanceof Error ? error.message : String(error), retry: () => void refetch() };
  return { status: 'loading' };
}
