/**
 * POST /busquedas: saves the search (issue 22). The answer for the dialog: saved, or the API's
 * refusal text, `repeated` when the user already saved these filters (409, issue 39). A 401 ends
 * the session. null: no session (nothing sent).
 */
import { ApiError, MSG, type BusquedaCreateBody } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

export type CreateBusquedaResult = { ok: true } | { ok: false; error: string; repeated: boolean };

export function useCreateBusqueda(): (body: BusquedaCreateBody) => Promise<CreateBusquedaResult | null> {
  const api = useApi();
  return async (body) => {
    const token = usePortalStore.getState().user?.token;
    if (!token) return null;
    try {
      await api.createBusqueda(body, token);
      return { ok: true };
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
      return { ok: false, error: err instanceof ApiError ? err.message : MSG.serverError, repeated: err instanceof ApiError && err.status === 409 };
    }
  };
}
