/**
 * SPEC §2 "Header": orange gradient bar with the logo; desktop links by session (the SPEC's, then
 * the portal's own: favourites for everyone); below 'sm' (600 px) a burger opening the
 * full-width drawer. Which set shows is decided in CSS, so the
 * first paint never jumps.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'web-runtime/router';
import { ROUTES } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { useLogout } from '../hooks/use-logout';

const MobileDrawer = lazy(() => import('./mobile-drawer'));

export function Header() {
  const user = usePortalStore((s) => s.user);
  const anunciosDisponibles = usePortalStore((s) => s.anunciosDisponibles);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);

  const logout = useLogout();
  const openDrawer = () => {
    setDrawerLoaded(true);
    setDrawerOpen(true);
  };

  return (
    <header className="app-header">
      {/* home without a query: page 1, no filters (the search lives in the address) */}
      <Link to={ROUTES.home} className="app-header__logo" aria-label="InmueblesRD, ir al inicio">
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
          <path d="M4 16 16 5l12 11v11h-8v-7h-8v7H4z" fill="#fff" />
        </svg>
        <span>InmueblesRD</span>
      </Link>
      <nav className="app-header__desktop" aria-label="Principal">
        {user ? (
          <>
            <span className="app-header__user" title={user.name}>
              {user.name}
            </span>
            <Link className="nav-btn" to={ROUTES.misAnuncios}>MIS ANUNCIOS</Link>
            {user.moderador && <Link className="nav-btn" to={ROUTES.moderacion}>MODERACIÓN</Link>}
            <Link className="nav-btn" to={ROUTES.favoritos}>FAVORITOS</Link>
            <Link className="nav-btn" to={ROUTES.misBusquedas}>MIS BÚSQUEDAS</Link>
            {anunciosDisponibles > 0 && <Link className="nav-btn" to={ROUTES.agregarAnuncio}>AGREGAR ANUNCIO</Link>}
            <button type="button" className="nav-btn" onClick={logout}>SALIR</button>
          </>
        ) : (
          <>
            <Link className="nav-btn nav-btn--solid" to={ROUTES.signup}>ANUNCIATE</Link>
            {/* a visitor's favourites are kept in the browser (issue 22): the link is for everyone (issue 39) */}
            <Link className="nav-btn" to={ROUTES.favoritos}>FAVORITOS</Link>
            <Link className="nav-btn" to={ROUTES.login}>INICIA SESSIÓN</Link>
            <Link className="nav-btn" to={ROUTES.signup}>REGISTRATE</Link>
          </>
        )}
      </nav>
      <button type="button" className="app-header__burger" aria-label="Abrir menú" aria-expanded={drawerOpen} onClick={openDrawer}>
        <span /><span /><span />
      </button>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} onLogout={logout} />
        </Suspense>
      )}
    </header>
  );
}
