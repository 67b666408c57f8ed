/**
 * The home list (SPEC §4 "Listing list"): the search the address names (useSearchPage: one
 * request per address, a newer one aborts the stale one, reloaded when the user's own listings
 * change, started from the server's answer on a server-rendered page). An address whose `page` is
 * not the one shown (`page=0`, `abc`, past the last page: issue 39) is replaced by the one that
 * is, without asking again: the answer is also the new address's.
 */
import { useEffect } from 'react';
import { normalisedPageHref } from 'shared-contracts';
import { useNavigate } from 'web-runtime/router';
import { primeQuery, usePortalStore, type QueryResult } from 'web-runtime/store';
import { searchPageKey, useSearchPage, type SearchPageData } from '../api/get-search-page';

export function useAnuncios(pathname: string, search: string): QueryResult<SearchPageData | null> {
  const navigate = useNavigate();
  const query = useSearchPage(pathname, search);
  const answer = query.status === 'success' ? query.data : null;

  useEffect(() => {
    if (!answer) return;
    const href = normalisedPageHref(pathname, search, answer.page);
    if (!href) return;
    // (the href is the new address's path and query: its key)
    primeQuery(searchPageKey(href, ''), answer, usePortalStore.getState().listingsVersion);
    navigate(href, { replace: true });
  }, [answer, pathname, search, navigate]);

  return query;
}
