/**
 * The favourites page's list (issue 22): the account's from GET /favoritos, or for a visitor the
 * listings kept in this browser, each read with GET /anuncio/{id} (404: no longer published).
 */
import { useEffect, useState } from 'react';
import { ApiError, MSG, readLocalFavoritos, type Favorito } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

/** `avisosPrecio`: the account's price-drop emails (issue 39); null for a visitor, who has none. */
export type FavoritosState = { status: 'loading' } | { status: 'ok'; favoritos: Favorito[]; avisosPrecio: boolean | null } | { status: 'error'; message: string };

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
    const load = async (): Promise<{ favoritos: Favorito[]; avisosPrecio: boolean | null }> => {
      if (token) return api.favoritos(token);
      const ids = readLocalFavoritos(localStore());
      const favoritos = await Promise.all(
        ids.map(async (anuncioId) => {
          try {
            return { anuncioId, createdAt: '', anuncio: await api.getAnuncio(anuncioId) };
          } catch (err) {
            if (err instanceof ApiError && err.status === 404) return { anuncioId, createdAt: '', anuncio: null };
            throw err;
          }
        }),
      );
      return { favoritos, avisosPrecio: null };
    };
    load()
      .then(({ favoritos, avisosPrecio }) => live && setState({ status: 'ok', favoritos, avisosPrecio }))
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
