/**
 * The favourites page's list (issue 22): the account's from GET /favoritos, or for a visitor the
 * listings kept in this browser, each read with GET /anuncio/{id} (404: no longer published).
 * `avisosPrecio`: the account's price-drop emails (issue 39); null for a visitor, who has none.
 */
import { useEffect } from 'react';
import { ApiError, MSG, readLocalFavoritos, type ApiClient, type Favorito } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';

export interface FavoritosList {
  favoritos: Favorito[];
  avisosPrecio: boolean | null;
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** `token` '': the visitor's, from this browser's list. */
export async function getFavoritos(api: ApiClient, token: string, signal?: AbortSignal): Promise<FavoritosList> {
  if (token) return api.favoritos(token, signal);
  const favoritos = await Promise.all(
    readLocalFavoritos(localStore()).map(async (anuncioId) => {
      try {
        return { anuncioId, createdAt: '', anuncio: await api.getAnuncio(anuncioId, signal) };
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return { anuncioId, createdAt: '', anuncio: null };
        throw err;
      }
    }),
  );
  return { favoritos, avisosPrecio: null };
}

export type FavoritosState = { status: 'loading' } | ({ status: 'ok' } & FavoritosList) | { status: 'error'; message: string };

/** Asked each time the page opens and for each session; a 401 ends the session. */
export function useFavoritos(): FavoritosState {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const { status, data, error } = useQuery(`favoritos:${token}`, (signal) => getFavoritos(api, token, signal));
  const unauthorized = status === 'error' && error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (unauthorized) usePortalStore.getState().logout();
  }, [unauthorized]);
  if (status === 'success' && data) return { status: 'ok', ...data };
  if (status === 'error') return { status: 'error', message: error instanceof ApiError ? error.message : MSG.serverError };
  return { status: 'loading' };
}
