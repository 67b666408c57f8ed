/**
 * The home list (SPEC §4 "Listing list"): reloads when the filters, the user's own listings
 * (listingsVersion) or the current page change; a newer request aborts the stale one; the page
 * count is recalculated after each load.
 */
import { useCallback, useEffect, useState } from 'react';
import { pageCount, type AllAnunciosResponse } from 'shared-contracts';
import { usePortalStore, useApi } from 'shared-contracts/store';

export type AnunciosState =
  | { status: 'loading'; data: AllAnunciosResponse | null }
  | { status: 'ok'; data: AllAnunciosResponse }
  | { status: 'error'; data: AllAnunciosResponse | null; message: string };

export function useAnuncios(): { state: AnunciosState; retry: () => void } {
  const api = useApi();
  const filters = usePortalStore((s) => s.filters);
  const currentPage = usePortalStore((s) => s.currentPage);
  const listingsVersion = usePortalStore((s) => s.listingsVersion);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AnunciosState>({ status: 'loading', data: null });

  useEffect(() => {
    const ac = new AbortController();
    // keep the previous data (options, grid) visible under the loading state
    setState((prev) => ({ status: 'loading', data: prev.data }));
    api
      .allAnuncios({ filters, page: Math.max(0, currentPage - 1) }, ac.signal)
      .then((data) => {
        if (ac.signal.aborted) return;
        usePortalStore.getState().setCantidadDePaginas(pageCount(data.count));
        setState({ status: 'ok', data });
      })
      .catch((err: unknown) => {
        if (ac.signal.aborted) return;
        setState((prev) => ({ status: 'error', data: prev.data, message: err instanceof Error ? err.message : String(err) }));
      });
    return () => ac.abort();
  }, [api, filters, currentPage, listingsVersion, attempt]);

  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
