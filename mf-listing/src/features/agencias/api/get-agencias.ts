/**
 * THE request of the agencies' names (issue 46): `GET /agencias`, one request for every card and
 * detail on screen (one query key); the API and the browser cache it 30 s. The names come from
 * the API's database, never from a compiled list: a partner the operator adds shows its name
 * with no release.
 */
import { agenciasDataKey, agencyNames, type ApiClient } from 'shared-contracts';
import { useApi, useQuery } from 'web-runtime/store';

/** Also the key the server renderer embeds the names under (`serverAgencias`): the first paint names the agencies. */
export const AGENCIAS_KEY = agenciasDataKey;

export const getAgencias = (api: ApiClient, signal?: AbortSignal) => api.agencias(signal);

/** The name of the agency `slug` (a listing's `source`); null while unknown or loading. */
export function useAgencyName(slug: string | null | undefined): string | null {
  const api = useApi();
  const { data } = useQuery(slug ? AGENCIAS_KEY : null, (signal) => getAgencias(api, signal));
  if (!slug) return null;
  return agencyNames(data).get(slug) ?? null;
}
