/**
 * The heart of a card and of the detail (issue 22): "Guardar en favoritos" / "Quitar de
 * favoritos". Rendered on the server as not saved (see hooks/use-favorito-ids.ts); a refusal (the
 * 500-favourite limit, a network failure) is said next to it.
 */
import { useState, type CSSProperties } from 'react';
import { SAVED_MSG } from 'shared-contracts';
import { toggleFavorito, useFavoritoIds } from '../hooks/use-favorito-ids';

const ERROR_COLOR = '#cf1322';

export function FavoriteHeart({ anuncioId, style }: { anuncioId: string; style?: CSSProperties }) {
  const saved = useFavoritoIds().has(anuncioId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    setError(await toggleFavorito(anuncioId));
    setBusy(false);
  };
  return (
    <span className="favorite-heart" style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 4, ...style }}>
      <button
        type="button"
        aria-label={saved ? SAVED_MSG.quitarFavorito : SAVED_MSG.guardarFavorito}
        title={saved ? SAVED_MSG.quitarFavorito : SAVED_MSG.guardarFavorito}
        disabled={busy}
        onClick={onClick}
        style={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: 'none',
          background: 'rgba(255,255,255,0.92)',
          boxShadow: '0 1px 4px rgba(0,0,0,0.3)',
          cursor: 'pointer',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 0,
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6h2c.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"
            fill={saved ? '#e11d48' : 'none'}
            stroke={saved ? '#e11d48' : '#374151'}
            strokeWidth="2"
          />
        </svg>
      </button>
      {error && (
        <span role="alert" style={{ color: ERROR_COLOR, fontSize: 12, background: '#fff', padding: '2px 6px', borderRadius: 4, maxWidth: 220 }}>
          {error}
        </span>
      )}
    </span>
  );
}
