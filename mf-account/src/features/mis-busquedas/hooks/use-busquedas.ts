/** The signed-in user's saved searches (issue 22): load, rename, change frequency, delete. */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, type BusquedaPatchBody, type SavedSearch } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';
import { errorText } from '../../../hooks/use-request';

export type BusquedasState = { status: 'loading' } | { status: 'ok'; busquedas: SavedSearch[] } | { status: 'error'; message: string };

export function useBusquedas() {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const [state, setState] = useState<BusquedasState>({ status: 'loading' });

  const fail = useCallback((err: unknown) => {
    if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
    return errorText(err);
  }, []);

  useEffect(() => {
    let live = true;
    if (!token) return;
    api
      .busquedas(token)
      .then((r) => live && setState({ status: 'ok', busquedas: r.busquedas }))
      .catch((err) => live && setState({ status: 'error', message: fail(err) }));
    return () => {
      live = false;
    };
  }, [api, token, fail]);

  const replace = (next: SavedSearch) =>
    setState((s) => (s.status === 'ok' ? { status: 'ok', busquedas: s.busquedas.map((b) => (b._id === next._id ? next : b)) } : s));

  /** Answers an error text, or null when saved. */
  const update = async (id: string, patch: BusquedaPatchBody): Promise<string | null> => {
    try {
      replace(await api.updateBusqueda(id, patch, token));
      return null;
    } catch (err) {
      return fail(err);
    }
  };

  const remove = async (id: string): Promise<string | null> => {
    try {
      await api.deleteBusqueda(id, token);
      setState((s) => (s.status === 'ok' ? { status: 'ok', busquedas: s.busquedas.filter((b) => b._id !== id) } : s));
      return null;
    } catch (err) {
      return fail(err);
    }
  };

  return { state, update, remove };
}
