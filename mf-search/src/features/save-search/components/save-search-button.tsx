/**
 * "Guardar búsqueda" under the search panel once a search has filters (issue 22). A visitor is
 * sent to /login and comes back to this same search (the URL); a signed-in user gets the dialog
 * (loaded on the first press) with the proposed name and the alert frequency.
 */
import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import { useLocation, useNavigate } from 'web-runtime/router';
import { ROUTES, SAVED_MSG, type Filters } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

const SaveSearchDialog = lazy(() => import('./save-search-dialog'));

export function SaveSearchButton({ filters }: { filters: Filters }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const onClick = () => {
    if (!usePortalStore.getState().isLoggedIn) {
      navigate(`${ROUTES.login}?next=${encodeURIComponent(`${pathname}${search}`)}`);
      return;
    }
    setLoaded(true);
    setOpen(true);
  };
  return (
    <div className="home-save-search" style={{ display: 'flex', justifyContent: 'flex-end', margin: '8px 0' }}>
      <Button onClick={onClick}>{SAVED_MSG.guardarBusqueda}</Button>
      {loaded && (
        <Suspense fallback={null}>
          <SaveSearchDialog open={open} filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
