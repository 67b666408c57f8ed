/**
 * The route table of SPEC §2: each route names the remote and expose that renders it,
 * and its guard. Find any screen's code from here in one hop.
 */
import { Navigate, Route, Routes, useLocation } from 'web-runtime/router';
import { MSG, ROUTES, nextAfterLogin, type RemoteName } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { RemotePage } from '../remotes/remote-page';
import { Layout } from './layout';
import { ErrorScreen, RouteErrorBoundary } from '../components/error-screen';
import type { ReactNode } from 'react';

type Guard = 'public' | 'guestOnly' | 'userOnly' | 'moderatorOnly';

/** `ssr`: rendered on the server too (shell/src/server); the others render in the browser only. */
export const PAGES: { path: string; remote: RemoteName; expose: string; guard: Guard; ssr?: boolean }[] = [
  { path: ROUTES.home, remote: 'mf_search', expose: './HomePage', guard: 'public', ssr: true },
  { path: ROUTES.landingVenta, remote: 'mf_search', expose: './HomePage', guard: 'public', ssr: true },
  { path: ROUTES.landingAlquiler, remote: 'mf_search', expose: './HomePage', guard: 'public', ssr: true },
  { path: ROUTES.login, remote: 'mf_account', expose: './LoginPage', guard: 'guestOnly' },
  { path: ROUTES.signup, remote: 'mf_account', expose: './SignupPage', guard: 'guestOnly' },
  { path: ROUTES.forgotPassword, remote: 'mf_account', expose: './ForgotPasswordPage', guard: 'public' },
  { path: ROUTES.resetPassword, remote: 'mf_account', expose: './ResetPasswordPage', guard: 'public' },
  { path: ROUTES.confirmEmail, remote: 'mf_account', expose: './ConfirmEmailPage', guard: 'public' },
  { path: ROUTES.requestEmailConfirmation, remote: 'mf_account', expose: './RequestEmailConfirmationPage', guard: 'public' },
  { path: ROUTES.comprarPlan, remote: 'mf_account', expose: './ComprarPlanPage', guard: 'public' },
  { path: ROUTES.anuncioDetail, remote: 'mf_listing', expose: './AnuncioDetailPage', guard: 'public', ssr: true },
  { path: ROUTES.misAnuncios, remote: 'mf_publish', expose: './MisAnunciosPage', guard: 'userOnly' },
  { path: ROUTES.agregarAnuncio, remote: 'mf_publish', expose: './AgregarAnuncioPage', guard: 'userOnly' },
  // Issue 20: the owner's edit page, and the reminder email's renew link (no session needed).
  { path: ROUTES.editarAnuncio, remote: 'mf_publish', expose: './EditarAnuncioPage', guard: 'userOnly' },
  { path: ROUTES.renovarAnuncio, remote: 'mf_publish', expose: './RenovarAnuncioPage', guard: 'public' },
  // Issue 23: the moderation queue (the API checks the role again on every call).
  { path: ROUTES.moderacion, remote: 'mf_account', expose: './ModeracionPage', guard: 'moderatorOnly' },
  // Issue 22: favourites (a visitor's are kept in the browser), saved searches, the alerts' unsubscribe.
  { path: ROUTES.favoritos, remote: 'mf_listing', expose: './FavoritosPage', guard: 'public' },
  { path: ROUTES.misBusquedas, remote: 'mf_account', expose: './MisBusquedasPage', guard: 'userOnly' },
  { path: ROUTES.bajaAlertas, remote: 'mf_account', expose: './BajaAlertasPage', guard: 'public' },
];

function Guarded({ guard, children }: { guard: Guard; children: ReactNode }) {
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
