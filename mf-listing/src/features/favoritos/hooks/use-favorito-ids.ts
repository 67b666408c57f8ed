/**
 * Which listings are favourites (issue 22), for every heart of the page at once. A visitor's list
 * lives in localStorage (merged into the account at login by the login page); a signed-in user's
 * on the server (GET/PUT/DELETE /favoritos). Read with useSyncExternalStore: the server renders
 * (and the browser hydrates) with no favourites, then the browser's list shows, so server
 * rendering never touches window and hydration never mismatches.
 */
import { useSyncExternalStore } from 'react';
import { ApiError, FAVORITOS_MAX, FAVORITOS_STORAGE_KEY, MSG, SAVED_MSG, createApiClient, readLocalFavoritos } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

const EMPTY: ReadonlySet<string> = new Set();
let ids: ReadonlySet<string> = EMPTY;
/** The session the list was loaded for ('' = visitor); undefined = not loaded yet. */
let loadedFor: string | undefined;
/** The account's list under way: aborted when the session changes or no heart is shown any more. */
let loading: AbortController | null = null;
const listeners = new Set<() => void>();
let unsubscribeStore: (() => void) | null = null;

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function emit(next: ReadonlySet<string>) {
  ids = next;
  listeners.forEach((l) => l());
}

const api = () => createApiClient({ baseUrl: usePortalStore.getState().config?.apiBaseUrl ?? '' });

/** (Re)loads when the session changed: a login, a logout, another account. */
function sync() {
  const token = usePortalStore.getState().user?.token ?? '';
  if (loadedFor === token) return;
  loadedFor = token;
  loading?.abort();
  loading = null;
  if (!token) {
    emit(new Set(readLocalFavoritos(localStore())));
    return;
  }
  emit(EMPTY);
  const controller = new AbortController();
  loading = controller;
  api()
    .favoritos(token, controller.signal)
    .then((r) => {
      if (!controller.signal.aborted) emit(new Set(r.favoritos.map((f) => f.anuncioId)));
    })
    .catch((err) => {
      if (!controller.signal.aborted) console.warn('favoritos: no se pudo cargar la lista', err);
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  unsubscribeStore ??= usePortalStore.subscribe(sync);
  sync();
  return () => {
    listeners.delete(listener);
    if (!listeners.size && unsubscribeStore) {
      unsubscribeStore();
      unsubscribeStore = null;
      loadedFor = undefined;
      loading?.abort();
      loading = null;
    }
  };
}

export function useFavoritoIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => ids, () => EMPTY);
}

/** Adds or removes one; answers an error message for the user, or null. */
export async function toggleFavorito(anuncioId: string): Promise<string | null> {
  const token = usePortalStore.getState().user?.token;
  const had = ids.has(anuncioId);
  const next = new Set(ids);
  if (had) next.delete(anuncioId);
  else {
    if (ids.size >= FAVORITOS_MAX) return SAVED_MSG.favoritosLimit;
    next.add(anuncioId);
  }
  if (!token) {
    // Newest first, as the account keeps them.
    const list = had ? readLocalFavoritos(localStore()).filter((id) => id !== anuncioId) : [anuncioId, ...readLocalFavoritos(localStore())];
    localStore()?.setItem(FAVORITOS_STORAGE_KEY, JSON.stringify(list.slice(0, FAVORITOS_MAX)));
    emit(next);
    return null;
  }
  const before = ids;
  emit(next);
  try {
    if (had) await api().deleteFavorito(anuncioId, token);
    else await api().putFavorito(anuncioId, token);
    return null;
  } catch (err) {
    emit(before);
    if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
    return err instanceof ApiError ? err.message : MSG.serverError;
  }
}
