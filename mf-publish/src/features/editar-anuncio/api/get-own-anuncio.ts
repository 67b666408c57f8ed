/**
 * The listing to edit, in full and in any status (`GET /anuncio/{id}/editar`, owner only). Not the
 * owner, no such listing, or no session: the user is sent to / (issue 20); other failures show
 * their text.
 */
import { useEffect } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, MSG, ROUTES, type ApiClient, type OwnAnuncio } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';

export const getOwnAnuncio = (api: ApiClient, anuncioId: string, token: string, signal?: AbortSignal): Promise<OwnAnuncio> => api.getOwnAnuncio(anuncioId, token, signal);

const sendsHome = (err: unknown) => err instanceof ApiError && [401, 403, 404].includes(err.status);

export function useOwnAnuncio(anuncioId: string): { anuncio: OwnAnuncio | null; error: string } {
  const api = useApi();
  const navigate = useNavigate();
  const token = usePortalStore((s) => s.user?.token);
  const { status, data, error } = useQuery(token ? `ownAnuncio:${token}:${anuncioId}` : null, (signal) => getOwnAnuncio(api, anuncioId, token!, signal));
  const refused = status === 'error' && sendsHome(error);

  useEffect(() => {
    if (status !== 'error') return;
    if (!refused) return console.warn('getOwnAnuncio failed', error);
    if (error instanceof ApiError && error.status === 401) usePortalStore.getState().logout();
    navigate(ROUTES.home, { replace: true });
  }, [status, refused, error, navigate]);

  if (status === 'success' && data) return { anuncio: data, error: '' };
  if (status === 'error' && !refused) return { anuncio: null, error: error instanceof ApiError ? error.message : MSG.serverError };
  return { anuncio: null, error: '' };
}
