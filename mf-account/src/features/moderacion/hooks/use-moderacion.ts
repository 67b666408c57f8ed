/**
 * The moderation queue (issue 23): loads `GET /moderacion/anuncios` with the session's token and
 * runs the moderators' actions, reloading the queue after each. A 403 (the account is not, or no
 * longer, a moderator) sends the user home, as the route guard does; the server decides.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, ROUTES, type AccionModeracion, type ModeracionItem } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';
import { errorText } from '../../../hooks/use-request';

export type QueueState = { status: 'loading' } | { status: 'ok'; items: ModeracionItem[] } | { status: 'error'; message: string };

export function useModeracion() {
  const api = useApi();
  const navigate = useNavigate();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const [state, setState] = useState<QueueState>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ id: string; message: string } | null>(null);

  const refused = useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        navigate(ROUTES.home, { replace: true });
        return true;
      }
      return false;
    },
    [navigate],
  );

  const load = useCallback(async () => {
    try {
      const { items } = await api.moderacion(token);
      setState({ status: 'ok', items });
    } catch (err) {
      if (!refused(err)) setState({ status: 'error', message: errorText(err) });
    }
  }, [api, token, refused]);

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
    busy,
    actionError,
    reload: load,
    moderar: (anuncioId: string, accion: AccionModeracion, motivo: string) => act(anuncioId, () => api.moderar(anuncioId, { accion, motivo }, token)),
    bloquear: (anuncioId: string, userId: string, motivo: string) => act(anuncioId, () => api.bloquearUsuario(userId, { motivo, anuncioId }, token)),
  };
}
