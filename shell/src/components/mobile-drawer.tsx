/**
 * The phone menu (SPEC §2 "Header", small screens): full width, above everything. The SPEC's
 * entries in its order; the portal's own (favourites for everyone, then the account's pages)
 * come before the session's last entries (Inicia Sesión and Registrate, or Salir).
 */
import Drawer from 'antd/es/drawer';
import { Link } from 'web-runtime/router';
import { DRAWER_Z_INDEX, ROUTES } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

interface Props {
  open: boolean;
  onClose(): void;
  onLogout(): void;
}

export default function MobileDrawer({ open, onClose, onLogout }: Props) {
  const user = usePortalStore((s) => s.user);
  const anunciosDisponibles = usePortalStore((s) => s.anunciosDisponibles);
  const item = (to: string, label: string) => (
    <li>
      <Link to={to} onClick={onClose}>{label}</Link>
    </li>
  );
  return (
    <Drawer open={open} onClose={onClose} title={user ? user.name : 'Menu'} placement="right" size="100%" zIndex={DRAWER_Z_INDEX} className="mobile-drawer">
      <nav aria-label="Menú">
        <ul className="mobile-drawer__list">
          {item(ROUTES.home, 'Inicio')}
          {user ? anunciosDisponibles > 0 && item(ROUTES.agregarAnuncio, 'Agregar Anuncio') : item(ROUTES.signup, 'Anunciate')}
          {user && item(ROUTES.misAnuncios, 'Mis Anuncios')}
          {user?.moderador && item(ROUTES.moderacion, 'Moderación')}
          {/* a visitor's favourites are kept in the browser: the entry is for everyone (issue 39) */}
          {item(ROUTES.favoritos, 'Favoritos')}
          {user && item(ROUTES.misBusquedas, 'Mis Búsquedas')}
          {user && item(ROUTES.miInmobiliaria, 'Mi Inmobiliaria')}
          {user ? (
            <li>
              <button type="button" onClick={() => { onClose(); onLogout(); }}>Salir</button>
            </li>
          ) : (
            <>
              {item(ROUTES.login, 'Inicia Sesión')}
              {item(ROUTES.signup, 'Registrate')}
            </>
          )}
        </ul>
      </nav>
    </Drawer>
  );
}
