/**
 * Sends a report of the listing (issue 23): with the session's token when signed in (the account
 * counts as the reporter), without one for a visitor. The answer's message, or the API's refusal
 * (already reported today, too many reports from this address), is what the dialog shows.
 */
import { useCallback, useState } from 'react';
import { ApiError, MSG, type MotivoReporte } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

export type ReportState = { status: 'idle' } | { status: 'sending' } | { status: 'sent'; message: string } | { status: 'error'; message: string };

export function useReport(anuncioId: string) {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token);
  const [state, setState] = useState<ReportState>({ status: 'idle' });
  const send = useCallback(
    (motivo: MotivoReporte, comentario: string) => {
      setState({ status: 'sending' });
      api.reportar(anuncioId, { motivo, comentario: comentario.trim() || undefined }, token).then(
        ({ message }) => setState({ status: 'sent', message }),
        (err: unknown) => setState({ status: 'error', message: err instanceof ApiError ? err.message : MSG.serverError }),
      );
    },
    [api, anuncioId, token],
  );
  return { state, send };
}
