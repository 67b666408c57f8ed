/**
 * Reports the listing's view once it is on the visitor's screen (issue 21, seller statistics): an
 * effect, so it runs in the browser only (never during server rendering or for crawlers that do not
 * run scripts). The API counts one per visitor and day; a failure is of no concern to the visitor.
 */
import { useEffect } from 'react';
import { useApi } from 'web-runtime/store';

export function useCountView(anuncioId: string | null): void {
  const api = useApi();
  useEffect(() => {
    if (anuncioId) api.vista(anuncioId).catch(() => undefined);
  }, [api, anuncioId]);
}
