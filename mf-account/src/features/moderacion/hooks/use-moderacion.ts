/**
 * The moderation queue (issues 23 and 40): loads a page of `GET /moderacion/anuncios` (held
 * listings first) with the session's token and runs the moderators' actions, reloading the page
 * after each. A 403 (the account is not, or no longer, a moderator) sends the user home, as the
 * route guard does; the server decides.
 */
import { useCallback, useEffect, useState } from 'react';
import { type AccionModeracion, type ModeracionResponse } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';
import { errorText } from '../../../hooks/use-request';
import { useRefusal } from './use-refusal';

export type QueueState = { status: 'loading' } | ({ status: 'ok' } & ModeracionResponse) | { status: 'error'; message: string };

export function useModeracion() {
  const api = useApi();
  const refused = useRefusal();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const [page, setPage] = useState(0);
  const [state, setState] = useState<QueueState>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ id: string; message: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setState({ status: 'ok', ...(await api.moderacion(token, page)) });
    } catch (err) {
      if (!refused(err)) setState({ status: 'error', message: errorText(err) });
    }
  }, [api, token, page, refused]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = useCallback(
    async (id: string, run: () => Promise<unknown>) => {
      setBusy(id);
      setActionError(null);
      try {
        await run();
        await load();
      } catch (err) {
        if (!refused(err)) setActionError({ id, message: errorText(err) });
      } finally {
        setBusy(null);
      }
    },
    [load, refused],
  );

  return {
    state,
    page,
    busy,
    actionError,
    reload: load,
    goToPage: (next: number) => {
      setState({ status: 'loading' });
      setPage(next);
    },
    moderar: (anuncioId: string, accion: AccionModeracion, motivo: string) => act(anuncioId, () => api.moderar(anuncioId, { accion, motivo }, token)),
    bloquear: (anuncioId: string, userId: string, motivo: string) => act(anuncioId, () => api.bloquearUsuario(userId, { motivo, anuncioId }, token)),
  };
}
