/**
 * The user's own listings (SPEC §2 "My listings", and the header's count of free slots): the
 * shell keeps them loaded while a user is signed in and after each change that bumps
 * listingsVersion (a publish, a purchase); /misAnuncios shows them. Both read this one query, so
 * after a publish (which bumps the version and opens /misAnuncios) they share one request
 * (issue 24). The answer also goes into the store (misAnuncios, anunciosDisponibles, miPlan),
 * which the header and the page read. A 401 ends the session; the callers send the user to /
 * (SPEC §8). Here rather than in a remote because the shell uses it too.
 */
import { useEffect } from 'react';
import { ApiError, type ApiClient, type MisAnunciosResponse } from 'shared-contracts';
import { useApi, usePortalStore } from './portal-store';
import { useQuery, type QueryResult } from './query';

export const misAnunciosKey = (token: string) => `misAnuncios:${token}`;

/** POST /misAnuncios; the answer is written to the store while the same user is signed in. */
export async function getMisAnuncios(api: ApiClient, token: string, signal?: AbortSignal): Promise<MisAnunciosResponse> {
  try {
    const data = await api.misAnuncios(token, signal);
    if (!signal?.aborted && usePortalStore.getState().user?.token === token) usePortalStore.getState().setMisAnuncios(data);
    return data;
  } catch (err) {
    // SPEC §8: a failure is logged only (the page keeps what it shows); a 401 ends the session instead
    if (!signal?.aborted && !(err instanceof ApiError && err.status === 401)) console.warn('misAnuncios failed', err);
    throw err;
  }
}

/**
 * `fresh`: the screen that shows them asks again when it mounts (their figures change while it
 * is not shown), joining a request already under way. `unauthorized`: the API answered 401 (the
 * session is over: the caller leaves for /).
 */
export function useMisAnunciosQuery({ fresh = false }: { fresh?: boolean } = {}): QueryResult<MisAnunciosResponse> & { unauthorized: boolean } {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token);
  const listingsVersion = usePortalStore((s) => s.listingsVersion);
  const query = useQuery(token ? misAnunciosKey(token) : null, (signal) => getMisAnuncios(api, token!, signal), { version: listingsVersion, fresh });
  const unauthorized = query.status === 'error' && query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (unauthorized) usePortalStore.getState().logout();
  }, [unauthorized]);
  return { ...query, unauthorized };
}
