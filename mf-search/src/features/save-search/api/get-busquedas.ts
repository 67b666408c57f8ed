/**
 * The signed-in user's saved searches, as the "Guardar búsqueda" dialog needs them (issue 39):
 * the name of the one with the same filters, so a repeat is said as the dialog opens.
 */
import { searchIdentity, type ApiClient, type BusquedasResponse, type Filters } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';

export const busquedasKey = (token: string) => `busquedas:${token}`;

export const getBusquedas = (api: ApiClient, token: string, signal?: AbortSignal): Promise<BusquedasResponse> => api.busquedas(token, signal);

/** The name of the user's saved search with these filters, or null (also when it cannot be known now). */
export function useSavedAs(open: boolean, filters: Filters): string | null {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token);
  // asked each time the dialog opens (closed, the key is forgotten); not known (a failure):
  // saving asks the API, which refuses a repeat itself
  const { status, data } = useQuery(open && token ? busquedasKey(token) : null, (signal) => getBusquedas(api, token!, signal));
  if (status !== 'success' || !data) return null;
  const identity = searchIdentity(filters);
  return data.busquedas.find((b) => searchIdentity(b.filters) === identity)?.nombre ?? null;
}
