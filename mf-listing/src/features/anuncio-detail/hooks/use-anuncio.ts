/**
 * Loads a listing by the route's id (a shared or reloaded link works). The store's chosen listing
 * paints at once when its id matches; the fetch still runs so the page shows current data.
 * SPEC §7: a body with a `message` field (or a 404) means not found. A page the server rendered
 * starts from the embedded listing (or its absence) and is not fetched again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, anuncioDataKey, type Anuncio } from 'shared-contracts';
import { usePageData, usePortalStore, useApi } from 'web-runtime/store';

export type AnuncioState =
  | { status: 'loading'; anuncio: null }
  | { status: 'ok'; anuncio: Anuncio }
  | { status: 'not-found'; anuncio: null }
  | { status: 'error'; anuncio: null; message: string };

export function useAnuncio(anuncioId: string): { state: AnuncioState; retry: () => void } {
  const api = useApi();
  const chosen = usePortalStore((s) => s.chosenAnuncio);
  // what the server rendered the page with: no second request while hydrating
  const embedded = usePageData<Anuncio | null>(anuncioDataKey(anuncioId));
  const initial = (): AnuncioState => {
    if (embedded) return { status: 'ok', anuncio: embedded };
    if (embedded === null) return { status: 'not-found', anuncio: null };
    return chosen && chosen._id === anuncioId ? { status: 'ok', anuncio: chosen } : { status: 'loading', anuncio: null };
  };
  const [state, setState] = useState<AnuncioState>(initial);
  const [attempt, setAttempt] = useState(0);
  const loadedFor = useRef(embedded !== undefined ? `${anuncioId}|0` : '');

  useEffect(() => {
    const key = `${anuncioId}|${attempt}`;
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    const ac = new AbortController();
    setState((prev) => (prev.anuncio?._id === anuncioId ? prev : initial()));
    api
      .getAnuncio(anuncioId, ac.signal)
      .then((data) => {
        const body = data as Anuncio & { message?: string };
        if (!body || body.message !== undefined || !body._id) setState({ status: 'not-found', anuncio: null });
        else setState({ status: 'ok', anuncio: body });
      })
      .catch((err: unknown) => {
        if (ac.signal.aborted) return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
          setState({ status: 'not-found', anuncio: null });
          return;
        }
        // keep an instant-painted listing when only the refresh failed
        setState((prev) => (prev.anuncio?._id === anuncioId ? prev : { status: 'error', anuncio: null, message: err instanceof Error ? err.message : String(err) }));
      });
    return () => {
      ac.abort();
      if (loadedFor.current === key) loadedFor.current = '';
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, anuncioId, attempt]);

  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
