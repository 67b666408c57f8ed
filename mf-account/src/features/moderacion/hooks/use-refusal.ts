/**
 * What the moderators' calls do with a refusal: 401 ends the session, 401 and 403 send the user
 * home (as the route guard does; the server decides who moderates). True when it was one.
 */
import { useCallback } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, ROUTES } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

export const isRefusal = (err: unknown): boolean => err instanceof ApiError && (err.status === 401 || err.status === 403);

export function useRefusal() {
  const navigate = useNavigate();
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
      if (!isRefusal(err)) return false;
      navigate(ROUTES.home, { replace: true });
      return true;
    },
    [navigate],
  );
}
