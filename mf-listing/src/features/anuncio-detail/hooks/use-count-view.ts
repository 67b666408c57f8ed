/**
 * Reports the listing's view once it is on the visitor's screen (issue 21, seller statistics): an
 * effect, so it runs in the browser only (never during server rendering or for crawlers that do not
 * run scripts). The API counts one per visitor and day; a failure is of no concern to the visitor.
 *
 * The client is made from the live config when the effect runs, not taken from useApi: a detail
 * page hydrated with its code already loaded runs its effects with the store's hydration snapshot,
 * which has no config yet, and the call went to the site instead of the API (a 405).
 */
import { useEffect } from 'react';
import { createApiClient } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

export function useCountView(anuncioId: string | null): void {
  useEffect(() => {
    const baseUrl = usePortalStore.getState().config?.apiBaseUrl;
    if (anuncioId && baseUrl) createApiClient({ baseUrl }).vista(anuncioId).catch(() => undefined);
  }, [anuncioId]);
}
