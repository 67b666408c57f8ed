/**
 * The user's own listings (SPEC §2 "My listings"): the store's query of them (web-runtime/store,
 * useMisAnunciosQuery), which the shell keeps loaded too. This screen asks again when it mounts
 * (their figures change while it is not shown) and joins the shell's request when one is under way
 * (after a publish, which bumps listingsVersion and comes here: one request); through `reload`, once
 * after each change it makes (delete, status actions), without bumping listingsVersion (the shell
 * would reload on that bump too): the reload aborts a request sent before the change. A 401 sends
 * the user to / (SPEC §8). Deletion runs one at a time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, MSG, ROUTES } from 'shared-contracts';
import { useApi, useMisAnunciosQuery, usePortalStore } from 'web-runtime/store';

export function useMisAnuncios() {
  const api = useApi();
  const navigate = useNavigate();
  const { status, unauthorized, refetch } = useMisAnunciosQuery({ fresh: true });
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const deleting = useRef(false);

  useEffect(() => {
    if (unauthorized) navigate(ROUTES.home, { replace: true });
  }, [unauthorized, navigate]);

  /** After a change: the list (and the plan's free count in the header) loaded once more. */
  const reload = useCallback(() => refetch(), [refetch]);

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

  return { loaded: status !== 'loading', deletingId, error, onDelete, reload };
}
