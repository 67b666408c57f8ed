/**
 * The signed-in user's saved searches (issue 22): GET /busquedas, and the changes to one (rename,
 * frequency, delete), each applied to the list on screen once the API confirms it. A 401 ends
 * the session.
 */
import { useCallback, useEffect } from 'react';
import { ApiError, type ApiClient, type BusquedaPatchBody, type BusquedasResponse, type SavedSearch } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';
import { errorText } from 'web-runtime/request';

export const busquedasKey = (token: string) => `busquedas:${token}`;

export const getBusquedas = (api: ApiClient, token: string, signal?: AbortSignal): Promise<BusquedasResponse> => api.busquedas(token, signal);

export type BusquedasState = { status: 'loading' } | { status: 'ok'; busquedas: SavedSearch[] } | { status: 'error'; message: string };

function fail(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
  return errorText(err);
}

export function useBusquedas() {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const { status, data, error, setData } = useQuery(token ? busquedasKey(token) : null, (signal) => getBusquedas(api, token, signal));

  const unauthorized = status === 'error' && error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (unauthorized) usePortalStore.getState().logout();
  }, [unauthorized]);

  let state: BusquedasState = { status: 'loading' };
  if (status === 'success' && data) state = { status: 'ok', busquedas: data.busquedas };
  else if (status === 'error') state = { status: 'error', message: errorText(error) };

  /** Answers an error text, or null when saved. */
  const update = useCallback(
    async (id: string, patch: BusquedaPatchBody): Promise<string | null> => {
      try {
        const next = await api.updateBusqueda(id, patch, token);
        setData((r) => ({ ...r, busquedas: r.busquedas.map((b) => (b._id === next._id ? next : b)) }));
        return null;
      } catch (err) {
        return fail(err);
      }
    },
    [api, token, setData],
  );

  const remove = useCallback(
    async (id: string): Promise<string | null> => {
      try {
        await api.deleteBusqueda(id, token);
        setData((r) => ({ ...r, busquedas: r.busquedas.filter((b) => b._id !== id) }));
        return null;
      } catch (err) {
        return fail(err);
      }
    },
    [api, token, setData],
  );

  return { state, update, remove };
}
