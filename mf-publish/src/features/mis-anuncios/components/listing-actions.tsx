/**
 * Under each of my listings (issue 20): its status as a tag, when it expires, and the actions
 * Editar, Pausar / Reanudar, Marcar vendido (or alquilado, by purpose) / Reactivar, Renovar.
 * (Borrar is the card's own button.)
 */
import { useNavigate } from 'web-runtime/router';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { ESTADO_LABELS, MODERATED_NOTES, closedEstadoFor, editarAnuncioPath, isClosed, isModerated, type Anuncio, type Estado, type OwnerEstado } from 'shared-contracts';

// Solid tags with white text: each of these keeps 4.5:1 contrast (antd's preset light tags do not).
const TAG_COLORS: Record<Estado, string> = { activo: '#237804', pausado: '#874d00', vendido: '#b91c1c', alquilado: '#b91c1c', vencido: '#595959', 'en revisión': '#531dab', retirado: '#434343' };

export interface ListingActionsProps {
  anuncio: Anuncio;
  busy: boolean;
  onEstado(id: string, estado: OwnerEstado): void;
  onRenovar(id: string): void;
}

export function ListingActions({ anuncio, busy, onEstado, onRenovar }: ListingActionsProps) {
  const navigate = useNavigate();
  const estado = anuncio.estado ?? 'activo';
  const closedAs = closedEstadoFor(anuncio.proposito);
  const name = anuncio.title || anuncio.propiedad;
  const expires = estado === 'activo' && anuncio.expiresAt ? new Date(anuncio.expiresAt).toLocaleDateString('es-DO', { day: 'numeric', month: 'short', year: 'numeric' }) : null;
  const action = (label: string, onClick: () => void) => (
    <Button size="small" disabled={busy} onClick={onClick} aria-label={`${label}: ${name}`}>
      {label}
    </Button>
  );
  return (
    <div aria-label={`Estado y acciones: ${name}`} style={{ display: 'flex', flexDirection: 'column', gap: 6, padding: '8px 0' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Tag color={TAG_COLORS[estado]} data-testid="estado-tag">
          {ESTADO_LABELS[estado]}
        </Tag>
        {expires && <span style={{ fontSize: 12 }}>Vence el {expires}</span>}
        {isModerated(estado) && <span style={{ fontSize: 12 }}>{MODERATED_NOTES[estado]}</span>}
      </div>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        {/* Issue 23: a withdrawn listing can only be deleted; a held one only edited (it stays in review). */}
        {estado !== 'retirado' && action('Editar', () => navigate(editarAnuncioPath(anuncio._id)))}
        {estado === 'activo' && action('Pausar', () => onEstado(anuncio._id, 'pausado'))}
        {estado === 'pausado' && action('Reanudar', () => onEstado(anuncio._id, 'activo'))}
        {(estado === 'activo' || estado === 'pausado' || estado === 'vencido') && action(`Marcar ${closedAs}`, () => onEstado(anuncio._id, closedAs))}
        {isClosed(estado) && action('Reactivar', () => onEstado(anuncio._id, 'activo'))}
        {(estado === 'activo' || estado === 'vencido') && action('Renovar', () => onRenovar(anuncio._id))}
      </div>
    </div>
  );
}
