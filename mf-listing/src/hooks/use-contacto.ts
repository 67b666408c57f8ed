/**
 * The seller's phone or email, asked of the API when the visitor presses Contacto or Email
 * (issue 19: the list and detail answers no longer carry them, so paging cannot scrape them).
 * One request per press; the answer is the link to show, or the API's message when it refuses
 * (e.g. too many contact requests from this address). WhatsApp (issue 21) is a channel of the same
 * call: its link is wa.me with the number's digits and the text `whatsappText()` gives at the press.
 */
import { useCallback, useState } from 'react';
import { ApiError, MSG, formatPhone, telHref, whatsappDigits, whatsappHref, type ContactCanal } from 'shared-contracts';
import { useApi } from 'web-runtime/store';

export type ContactoState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'revealed'; href: string; text: string }
  | { status: 'error'; message: string };

/** The link a channel's answer reveals. */
function revealed(canal: ContactCanal, movil: string, email: string, whatsappText: () => string): ContactoState {
  if (canal === 'email') return { status: 'revealed', href: `mailto:${email}`, text: email };
  if (canal === 'whatsapp') return { status: 'revealed', href: whatsappHref(whatsappDigits(movil), whatsappText()), text: MSG.whatsapp };
  return { status: 'revealed', href: telHref(movil), text: formatPhone(movil) };
}

/** `reveal()` also resolves with the revealed link (null on a refusal), for a caller that opens it. */
export function useContacto(
  anuncioId: string,
  canal: ContactCanal,
  whatsappText: () => string = () => '',
): { state: ContactoState; reveal: () => Promise<string | null> } {
  const api = useApi();
  const [state, setState] = useState<ContactoState>({ status: 'idle' });
  const reveal = useCallback(() => {
    setState({ status: 'loading' });
    return api.contacto(anuncioId, canal).then(
      ({ movil, email }) => {
        const next = revealed(canal, movil, email, whatsappText);
        setState(next);
        return next.status === 'revealed' ? next.href : null;
      },
      (err: unknown) => {
        setState({ status: 'error', message: err instanceof ApiError ? err.message : MSG.serverError });
        return null;
      },
    );
  }, [api, anuncioId, canal, whatsappText]);
  return { state, reveal };
}
