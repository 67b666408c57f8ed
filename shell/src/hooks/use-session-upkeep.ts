/**
 * The shell's session duties (SPEC §4): check the token's expiry on every route change, and keep
 * the user's own listings (and so the available count) loaded; a 401 there sends the user to /.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'web-runtime/router';
import { ROUTES } from 'shared-contracts';
import { useMisAnunciosQuery, usePortalStore } from 'web-runtime/store';

export function useSessionUpkeep() {
  const location = useLocation();
  const navigate = useNavigate();
  const { unauthorized } = useMisAnunciosQuery();

  useEffect(() => {
    usePortalStore.getState().checkTokenExpiry();
  }, [location.pathname]);

  useEffect(() => {
    if (unauthorized) navigate(ROUTES.home, { replace: true });
  }, [unauthorized, navigate]);
}
