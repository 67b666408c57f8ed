/**
 * /favoritos — the saved listings (issue 22), as cards like home. A listing that is sold, paused
 * or expired shows greyed with its status; one that no longer exists shows as gone, and one that
 * moderation hid or whose owner was blocked as no longer available (issue 40: the API sends no card
 * for it), each with its heart to take it off the list. A signed-in user turns the price-drop emails on or
 * off here.
 */
import Spin from 'antd/es/spin';
import { Link } from 'web-runtime/router';
import { ESTADO_LABELS, ROUTES, SAVED_MSG, type Favorito } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { AnuncioCard } from '../features/anuncio-card/components/anuncio-card';
import { FavoriteHeart } from '../features/favoritos/components/favorite-heart';
import { PriceAlertsSwitch } from '../features/favoritos/components/price-alerts-switch';
import { useFavoritos } from '../features/favoritos/api/get-favoritos';
import { Surface } from '../components/surface';

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))', gap: 16 } as const;
const badge = { position: 'absolute', top: 12, left: 12, zIndex: 3, background: '#374151', color: '#fff', padding: '2px 10px', borderRadius: 12, fontWeight: 600 } as const;

function FavoritoItem({ favorito }: { favorito: Favorito }) {
  const { anuncio, anuncioId } = favorito;
  if (!anuncio) {
    return (
      <Surface as="article" style={{ padding: 16, display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <p style={{ margin: 0 }}>{favorito.disponible === false ? SAVED_MSG.anuncioNoDisponible : SAVED_MSG.anuncioYaNoExiste}</p>
        <FavoriteHeart anuncioId={anuncioId} />
      </Surface>
    );
  }
  const estado = anuncio.estado ?? 'activo';
  if (estado === 'activo') return <AnuncioCard anuncio={anuncio} />;
  return (
    <div className="favorito-inactivo" style={{ position: 'relative' }}>
      <span style={badge}>{ESTADO_LABELS[estado]}</span>
      {/* grey, not faded: its text keeps a readable contrast */}
      <div style={{ filter: 'grayscale(1)', height: '100%' }}>
        <AnuncioCard anuncio={anuncio} />
      </div>
    </div>
  );
}

export default function FavoritosPage() {
  const state = useFavoritos();
  const isLoggedIn = usePortalStore((s) => s.isLoggedIn);
  return (
    <section aria-labelledby="favoritos-titulo" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <h1 id="favoritos-titulo" style={{ margin: 0 }}>
        {SAVED_MSG.favoritosTitulo}
      </h1>
      {state.status === 'ok' && state.avisosPrecio !== null && <PriceAlertsSwitch initial={state.avisosPrecio} />}
      {!isLoggedIn && (
        <p style={{ margin: 0 }}>
          {SAVED_MSG.favoritosVisitante} <Link to={`${ROUTES.login}?next=${encodeURIComponent(ROUTES.favoritos)}`}>Iniciar sesión</Link>
        </p>
      )}
      {state.status === 'loading' && (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <Spin size="large" aria-label="Cargando favoritos" />
        </div>
      )}
      {state.status === 'error' && (
        <p role="alert" style={{ color: '#cf1322' }}>
          {state.message}
        </p>
      )}
      {state.status === 'ok' && state.favoritos.length === 0 && <p>{SAVED_MSG.favoritosVacio}</p>}
      {state.status === 'ok' && state.favoritos.length > 0 && (
        <div style={grid}>
          {state.favoritos.map((f) => (
            <FavoritoItem key={f.anuncioId} favorito={f} />
          ))}
        </div>
      )}
    </section>
  );
}
