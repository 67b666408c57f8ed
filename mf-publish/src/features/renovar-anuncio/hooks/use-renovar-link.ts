/**
 * The emailed renew link's page (issue 20): POSTs the signed token once on load. A link is only
 * ever renewed by this POST, never by opening the URL, so mail scanners that fetch links renew
 * nothing; useRequestOnLoad sends it once, StrictMode or not (the token is single-use).
 */
import { type Anuncio } from 'shared-contracts';
import { useApi } from 'web-runtime/store';
import { useRequestOnLoad } from 'web-runtime/request';

/** `ok` with `yaRenovado`: the link had renewed the listing before (issue 39), said as done. */
type State = { status: 'loading' } | { status: 'ok'; anuncio: Anuncio; yaRenovado: boolean } | { status: 'error'; message: string };

export function useRenovarLink(anuncioId: string, token: string): State {
  const api = useApi();
  const { status, data, error } = useRequestOnLoad(`${anuncioId}/${token}`, () =>
    api.renovarAnuncio(anuncioId, { linkToken: token }).catch((err: unknown) => {
      console.warn('renovarAnuncio failed', err);
      throw err;
    }),
  );
  if (status === 'success' && data) {
    const { yaRenovado, ...anuncio } = data;
    return { status: 'ok', anuncio, yaRenovado: yaRenovado === true };
  }
  if (status === 'error') return { status: 'error', message: error ?? '' };
  return { status: 'loading' };
}
