/**
 * The user's own listings (SPEC §2 "My listings"): the shell loads them into the store at login;
 * this screen loads them again on mount and, through `reload`, once after each change it makes
 * (delete, status actions). It does not bump listingsVersion for those: the shell reloads on that
 * bump too, and the list was loaded twice for one change. The mount's load joins the shell's when
 * both ask for the same version (after a publish, which bumps it and comes here); the reload after
 * a change starts its own (`fresh`). A 401 sends the user to / (SPEC §8).
 * Deletion runs one at a time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, MSG, ROUTES } from 'shared-contracts';
import { loadMisAnuncios, useApi, usePortalStore } from 'web-runtime/store';

export function useMisAnuncios() {
  const api = useApi();
  const navigate = useNavigate();
  const token = usePortalStore((s) => s.user?.token);
  const [loaded, setLoaded] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const deleting = useRef(false);

  useEffect(() => {
    let live = true;
    void loadMisAnuncios(api).then((result) => {
      // The 401 logs out, which re-runs this effect before we get here: still leave for /.
      if (result === 'unauthorized') navigate(ROUTES.home, { replace: true });
      else if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [api, navigate, token]);

  /** After a change: the list (and the plan's free count in the header) loaded once more. */
  const reload = useCallback(async () => {
    if ((await loadMisAnuncios(api, { fresh: true })) === 'unauthorized') navigate(ROUTES.home, { replace: true });
  }, [api, navigate]);

  const onDelete = useCallback(
    async (id: string) => {
      const user = usePortalStore.getState().user;
      if (deleting.current || !user) return;
      deleting.current = true;
      setDeletingId(id);
      setError('');
      try {
        await api.deleteAnuncio(id, user.token);
        await reload();
      } catch (err) {
        console.warn('deleteAnuncio failed', err);
        if (err instanceof ApiError && err.status === 401) {
          usePortalStore.getState().logout();
          navigate(ROUTES.home, { replace: true });
          return;
        }
        setError(err instanceof ApiError ? err.message : MSG.serverError);
      } finally {
        deleting.current = false;
        setDeletingId(null);
      }
    },
    [api, navigate, reload],
  );

  return { loaded, deletingId, error, onDelete, reload };
}
