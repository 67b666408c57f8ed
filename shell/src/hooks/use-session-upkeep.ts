/**
 * The shell's session duties (SPEC §4): check the token's expiry on every route change, and keep
 * the user's own listings (and so the available count) loaded; a 401 there sends the user to /.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'web-runtime/router';
import { ROUTES } from 'shared-contracts';
import { loadMisAnuncios, useApi, usePortalStore } from 'web-runtime/store';

export function useSessionUpkeep() {
  const location = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token);
  const listingsVersion = usePortalStore((s) => s.listingsVersion);

  useEffect(() => {
    usePortalStore.getState().checkTokenExpiry();
  }, [location.pathname]);

  useEffect(() => {
    if (!token) return;
    void loadMisAnuncios(api).then((result) => {
      if (result === 'unauthorized') navigate(ROUTES.home, { replace: true });
    });
  }, [token, listingsVersion, api, navigate]);
}
