/**
 * What the detail says about the listing's life (issue 20), kept apart from the detail layout:
 * the "Vendido" / "Alquilado" banner, "Bajó de precio" with the previous price, and
 * "Actualizado hace N días". Plain elements (no antd) so they cost the detail page nothing.
 */
import theme from 'antd/es/theme';
import { ESTADO_LABELS, MSG, formatPrice, isClosed, updatedAgo, type Anuncio } from 'shared-contracts';

// White on these keeps 4.5:1 contrast in both colour schemes (a11y.spec.ts).
const CLOSED_RED = '#b91c1c';
const DROP_GREEN = '#166534';

export function ClosedBanner({ anuncio }: { anuncio: Anuncio }) {
  if (!isClosed(anuncio.estado)) return null;
  return (
    <div role="status" aria-label={`Anuncio ${ESTADO_LABELS[anuncio.estado!].toLowerCase()}`} style={{ background: CLOSED_RED, color: '#fff', fontWeight: 700, fontSize: 20, textAlign: 'center', letterSpacing: 1, padding: '10px 16px', borderRadius: 8, marginBottom: 12 }}>
      {ESTADO_LABELS[anuncio.estado!]}
    </div>
  );
}

export function PriceDrop({ anuncio }: { anuncio: Anuncio }) {
  const before = anuncio.precioAnterior;
  if (!before) return null;
  return (
    <p aria-label={MSG.bajoDePrecio} style={{ margin: '0 0 4px', display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      <span style={{ background: DROP_GREEN, color: '#fff', fontWeight: 600, borderRadius: 4, padding: '0 8px' }}>{MSG.bajoDePrecio}</span>
      <s>{formatPrice(before.price, before.moneda)}</s>
    </p>
  );
}

export function UpdatedAgo({ anuncio }: { anuncio: Anuncio }) {
  const { token } = theme.useToken();
  if (!anuncio.updatedAt) return null;
  return <p style={{ color: token.colorTextSecondary, margin: '0 0 8px', fontSize: 13 }}>{updatedAgo(anuncio.updatedAt)}</p>;
}
