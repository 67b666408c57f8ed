/**
 * The listing to edit, in full and in any status (`GET /anuncio/{id}/editar`, owner only). Not the
 * owner, no such listing, or no session: the user is sent to / (issue 20).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, MSG, ROUTES, type OwnAnuncio } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

export function useOwnAnuncio(anuncioId: string) {
  const api = useApi();
  const navigate = useNavigate();
  const token = usePortalStore((s) => s.user?.token);
  const [anuncio, setAnuncio] = useState<OwnAnuncio | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    api.getOwnAnuncio(anuncioId, token, abort.signal).then(setAnuncio, (err: unknown) => {
      if (abort.signal.aborted) return;
      if (err instanceof ApiError && [401, 403, 404].includes(err.status)) {
        if (err.status === 401) usePortalStore.getState().logout();
        navigate(ROUTES.home, { replace: true });
        return;
      }
      console.warn('getOwnAnuncio failed', err);
      setError(err instanceof ApiError ? err.message : MSG.serverError);
    });
    return () => abort.abort();
  }, [api, anuncioId, navigate, token]);

  return { anuncio, error };
}
