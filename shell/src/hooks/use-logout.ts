/**
 * SALIR (header and drawer): the token stops working on the server too (POST /logout, issue 19);
 * leaving does not wait for, or depend on, the answer. Then home.
 */
import { useNavigate } from 'web-runtime/router';
import { ROUTES } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

export function useLogout(): () => void {
  const api = useApi();
  const navigate = useNavigate();
  return () => {
    const token = usePortalStore.getState().user?.token;
    if (token) api.logout(token).catch(() => undefined);
    usePortalStore.getState().logout();
    navigate(ROUTES.home);
  };
}
