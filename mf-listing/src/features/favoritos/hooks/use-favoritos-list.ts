/**
 * The favourites page's list (issue 22): the account's from GET /favoritos, or for a visitor the
 * listings kept in this browser, each read with GET /anuncio/{id} (404: no longer published).
 */
import { useEffect, useState } from 'react';
import { ApiError, MSG, readLocalFavoritos, type Favorito } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

export type FavoritosState = { status: 'loading' } | { status: 'ok'; favoritos: Favorito[] } | { status: 'error'; message: string };

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function useFavoritosList(): FavoritosState {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const [state, setState] = useState<FavoritosState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const load = async (): Promise<Favorito[]> => {
      if (token) return (await api.favoritos(token)).favoritos;
      const ids = readLocalFavoritos(localStore());
      return Promise.all(
        ids.map(async (anuncioId) => {
          try {
            return { anuncioId, createdAt: '', anuncio: await api.getAnuncio(anuncioId) };
          } catch (err) {
            if (err instanceof ApiError && err.status === 404) return { anuncioId, createdAt: '', anuncio: null };
            throw err;
          }
        }),
      );
    };
    load()
      .then((favoritos) => live && setState({ status: 'ok', favoritos }))
      .catch((err) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
        setState({ status: 'error', message: err instanceof ApiError ? err.message : MSG.serverError });
      });
    return () => {
      live = false;
    };
  }, [api, token]);
  return state;
}
