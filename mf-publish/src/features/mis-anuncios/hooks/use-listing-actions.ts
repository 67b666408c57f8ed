/**
 * The status actions of my listings (issue 20): pause, resume, mark sold or rented, renew. One
 * at a time; each success reloads the list once with `reload` (and with it the header's count of
 * free slots, since only active listings use the plan); a 401 sends the user to /, other refusals
 * show their text (for instance the plan is full when resuming).
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, MSG, ROUTES, type OwnerEstado } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

export function useListingActions(reload: () => Promise<void>) {
  const api = useApi();
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ text: string; quota: boolean } | null>(null);
  const busy = useRef(false);

  const run = useCallback(
    async (id: string, call: (token: string) => Promise<unknown>) => {
      const user = usePortalStore.getState().user;
      if (busy.current || !user) return;
      busy.current = true;
      setBusyId(id);
      setActionError(null);
      try {
        await call(user.token);
        await reload();
      } catch (err) {
        console.warn('listing action failed', err);
        if (err instanceof ApiError && err.status === 401) {
          usePortalStore.getState().logout();
          navigate(ROUTES.home, { replace: true });
          return;
        }
        const text = err instanceof ApiError ? err.message : MSG.serverError;
        setActionError({ text, quota: text === MSG.quotaReached });
      } finally {
        busy.current = false;
        setBusyId(null);
      }
    },
    [navigate, reload],
  );

  const onEstado = useCallback((id: string, estado: OwnerEstado) => run(id, (token) => api.setEstado(id, estado, token)), [api, run]);
  const onRenovar = useCallback((id: string) => run(id, (token) => api.renovarAnuncio(id, { token })), [api, run]);
  return { busyId, actionError, onEstado, onRenovar };
}
