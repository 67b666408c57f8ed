/**
 * Blocked accounts (issue 40): a page of `GET /moderacion/usuarios/bloqueados`, the most recently
 * blocked first, and Desbloquear, which reloads the page after it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { BloqueadosResponse } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';
import { errorText } from '../../../hooks/use-request';
import { useRefusal } from './use-refusal';

export type BloqueadosState = { status: 'loading' } | ({ status: 'ok' } & BloqueadosResponse) | { status: 'error'; message: string };

export function useBloqueados() {
  const api = useApi();
  const refused = useRefusal();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const [page, setPage] = useState(0);
  const [state, setState] = useState<BloqueadosState>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ id: string; message: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setState({ status: 'ok', ...(await api.bloqueados(token, page)) });
    } catch (err) {
      if (!refused(err)) setState({ status: 'error', message: errorText(err) });
    }
  }, [api, token, page, refused]);

  useEffect(() => {
    void load();
  }, [load]);

  const desbloquear = useCallback(
    async (userId: string, motivo: string) => {
      setBusy(userId);
      setActionError(null);
      try {
        await api.desbloquearUsuario(userId, { motivo }, token);
        await load();
      } catch (err) {
        if (!refused(err)) setActionError({ id: userId, message: errorText(err) });
      } finally {
        setBusy(null);
      }
    },
    [api, token, load, refused],
  );

  return {
    state,
    page,
    busy,
    actionError,
    goToPage: (next: number) => {
      setState({ status: 'loading' });
      setPage(next);
    },
    desbloquear,
  };
}
