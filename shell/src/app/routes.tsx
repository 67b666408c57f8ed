/**
 * The route table of SPEC §2, read from the page manifest (shared-contracts/src/page-manifest.js):
 * each page names the remote and expose that renders it, its file and its guard.
 */
import { Navigate, Route, Routes, useLocation } from 'web-runtime/router';
import { MSG, PAGES, ROUTES, nextAfterLogin, type PageGuard } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { RemotePage } from '../remotes/remote-page';
import { Layout } from './layout';
import { ErrorScreen, RouteErrorBoundary } from '../components/error-screen';
import type { ReactNode } from 'react';

function Guarded({ guard, children }: { guard: PageGuard; children: ReactNode }) {
  const isLoggedIn = usePortalStore((s) => s.isLoggedIn);
  const isModerator = usePortalStore((s) => s.user?.moderador === true);
  const { search } = useLocation();
  if (guard === 'moderatorOnly' && !(isLoggedIn && isModerator)) return <Navigate to={ROUTES.home} replace />;
  // A login page left by logging in goes where the login goes (`?next=`, issue 22).
  if (guard === 'guestOnly' && isLoggedIn) return <Navigate to={nextAfterLogin(search)} replace />;
  if (guard === 'userOnly' && !isLoggedIn) return <Navigate to={ROUTES.home} replace />;
  return <>{children}</>;
}

function Boom(): never {
  throw new Error('Error de prueba provocado en /__error');
}

/**
 * The pages inside the frame. An error thrown while rendering a page replaces the whole frame
 * with the error screen (SPEC §2); moving to another address clears it.
 */
export function AppRoutes({ testRoutes = false }: { testRoutes?: boolean }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<Layout />}>
          {PAGES.map(({ path, remote, expose, guard }) => (
            <Route
              key={path}
              path={path}
              element={
                <Guarded guard={guard}>
                  <RemotePage key={`${remote}${expose}`} remote={remote} expose={expose} />
                </Guarded>
              }
            />
          ))}
          {/* Only when the runtime config enables it (browser tests of the error screen). */}
          {testRoutes && <Route path="/__error" element={<Boom />} />}
        </Route>
        {/* an address that is no page: the error screen (the server answers it with 404) */}
        <Route path="*" element={<ErrorScreen error={MSG.pageNotFound} />} />
      </Routes>
    </RouteErrorBoundary>
  );
}
