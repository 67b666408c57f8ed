/**
 * The emailed renew link's page (issue 20): POSTs the signed token once on load. A link is only
 * ever renewed by this POST, never by opening the URL, so mail scanners that fetch links renew
 * nothing. The ref guard keeps StrictMode's double effect from spending the single-use token twice.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError, MSG, type Anuncio } from 'shared-contracts';
import { useApi } from 'web-runtime/store';

/** `ok` with `yaRenovado`: the link had renewed the listing before (issue 39), said as done. */
type State = { status: 'loading' } | { status: 'ok'; anuncio: Anuncio; yaRenovado: boolean } | { status: 'error'; message: string };

export function useRenovarLink(anuncioId: string, token: string) {
  const api = useApi();
  const [state, setState] = useState<State>({ status: 'loading' });
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    const key = `${anuncioId}/${token}`;
    if (sentFor.current === key) return;
    sentFor.current = key;
    api.renovarAnuncio(anuncioId, { linkToken: token }).then(
      ({ yaRenovado, ...anuncio }) => setState({ status: 'ok', anuncio, yaRenovado: yaRenovado === true }),
      (err: unknown) => {
        console.warn('renovarAnuncio failed', err);
        setState({ status: 'error', message: err instanceof ApiError ? err.message : MSG.serverError });
      },
    );
  }, [api, anuncioId, token]);

  return state;
}
