/**
 * The home list (SPEC §4 "Listing list"): reloads when the address (the search in the URL, a
 * landing page) or the user's own listings (listingsVersion) change; a newer request aborts the
 * stale one; the page count comes with each answer (the pager's). A page the server rendered starts
 * from the embedded answer (`initial`) and is not fetched again while hydrating. An address
 * whose `page` is not the one shown (`page=0`, `abc`, past the last page: issue 39) is replaced by
 * the one that is, without asking again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { normalisedPageHref } from 'shared-contracts';
import { useNavigate } from 'web-runtime/router';
import { usePortalStore, useApi } from 'web-runtime/store';
import { loadSearchPage, type SearchPageData } from '../api/load-search-page';

export type AnunciosState =
  | { status: 'loading'; data: SearchPageData | null }
  | { status: 'ok'; data: SearchPageData }
  | { status: 'not-found'; data: null }
  | { status: 'error'; data: SearchPageData | null; message: string };

export function useAnuncios(pathname: string, search: string, initial?: SearchPageData | null): { state: AnunciosState; retry: () => void } {
  const api = useApi();
  const navigate = useNavigate();
  const listingsVersion = usePortalStore((s) => s.listingsVersion);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AnunciosState>(() => (initial ? { status: 'ok', data: initial } : { status: 'loading', data: null }));
  // What the data on screen was loaded for. The server's answer covers the first address; the API
  // client changes once hydration is over (the store's config arrives) and must not refetch it.
  const loadedFor = useRef(initial ? `${pathname}${search}|${listingsVersion}|${attempt}` : '');

  // the address says the page shown, in its one spelling, once this address's answer is here
  useEffect(() => {
    const here = `${pathname}${search}|${listingsVersion}|${attempt}`;
    if (state.status !== 'ok' || loadedFor.current !== here) return;
    const href = normalisedPageHref(pathname, search, state.data.page);
    if (!href) return;
    // the data on screen is the new address's: no second request for it
    loadedFor.current = `${href}|${listingsVersion}|${attempt}`;
    navigate(href, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, pathname, search]);

  useEffect(() => {
    const key = `${pathname}${search}|${listingsVersion}|${attempt}`;
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    const ac = new AbortController();
    // keep the previous data (options, grid) visible under the loading state
    setState((prev) => (prev.data ? { status: 'loading', data: prev.data } : { status: 'loading', data: null }));
    loadSearchPage(pathname, search, api, ac.signal)
      .then((data) => {
        if (ac.signal.aborted) return;
        if (!data) return setState({ status: 'not-found', data: null });
        setState({ status: 'ok', data });
      })
      .catch((err: unknown) => {
        if (ac.signal.aborted) return;
        setState((prev) => ({ status: 'error', data: prev.data, message: err instanceof Error ? err.message : String(err) }));
      });
    return () => {
      ac.abort();
      if (loadedFor.current === key) loadedFor.current = '';
    };
  }, [api, pathname, search, listingsVersion, attempt]);

  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
