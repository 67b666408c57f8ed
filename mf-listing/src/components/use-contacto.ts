/**
 * The seller's phone or email, asked of the API when the visitor presses Contacto or Email
 * (issue 19: the list and detail answers no longer carry them, so paging cannot scrape them).
 * One request per press; the answer is the link to show, or the API's message when it refuses
 * (e.g. too many contact requests from this address).
 */
import { useCallback, useState } from 'react';
import { ApiError, MSG, formatPhone, telHref, type ContactCanal } from 'shared-contracts';
import { useApi } from 'shared-contracts/store';

export type ContactoState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'revealed'; href: string; text: string }
  | { status: 'error'; message: string };

export function useContacto(anuncioId: string, canal: ContactCanal): { state: ContactoState; reveal: () => void } {
  const api = useApi();
  const [state, setState] = useState<ContactoState>({ status: 'idle' });
  const reveal = useCallback(() => {
    setState({ status: 'loading' });
    api.contacto(anuncioId, canal).then(
      ({ movil, email }) =>
        setState(canal === 'email' ? { status: 'revealed', href: `mailto:${email}`, text: email } : { status: 'revealed', href: telHref(movil), text: formatPhone(movil) }),
      (err: unknown) => setState({ status: 'error', message: err instanceof ApiError ? err.message : MSG.serverError }),
    );
  }, [api, anuncioId, canal]);
  return { state, reveal };
}
