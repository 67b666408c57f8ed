/**
 * One reported or held listing in the moderation queue (issues 23 and 40): what it is and whose,
 * whether an approval protects it, its open reports newest first with the bursts around them
 * (reportes-detalle.tsx), its history (hold and why, actions with moderator, time and reason, the
 * owner's edits), and the actions Aprobar, Retirar and Bloquear usuario, each with a required reason.
 */
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import { ESTADO_LABELS, EVENTO_MODERACION_LABELS, MSG, anuncioPath, type AccionModeracion, type ModeracionItem as Item } from 'shared-contracts';
import { ReportesDetalle } from './reportes-detalle';
import { when } from './when';

export interface ModeracionItemProps {
  item: Item;
  busy: boolean;
  error: string | null;
  onModerar(accion: AccionModeracion, motivo: string): void;
  onBloquear(userId: string, motivo: string): void;
}

export function ModeracionItem({ item, busy, error, onModerar, onBloquear }: ModeracionItemProps) {
  const { anuncio, dueno } = item;
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);
  const name = anuncio.title || anuncio.propiedad;
  const withReason = (run: (reason: string) => void) => () => {
    if (!motivo.trim()) return setMissing(true);
    setMissing(false);
    run(motivo.trim());
  };
  const reasonId = `motivo-${anuncio._id}`;
  return (
    <Card
      aria-label={`Anuncio reportado: ${name}`}
      title={
        <span style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', whiteSpace: 'normal' }}>
          <a href={anuncioPath(anuncio._id)}>{name}</a>
          <Tag color={anuncio.estado === 'en revisión' ? '#531dab' : '#237804'}>{ESTADO_LABELS[anuncio.estado]}</Tag>
          {item.inmuneHasta && (
            <Tag color="#0050b3" style={{ whiteSpace: 'normal' }}>
              Aprobado: los reportes no lo retienen hasta {when(item.inmuneHasta)}
            </Tag>
          )}
        </span>
      }
      style={{ marginBottom: 16 }}
    >
      <p style={{ margin: '0 0 8px' }}>
        {anuncio.propiedad} · {anuncio.place || 'Sin lugar'} · Dueño: {dueno ? `${dueno.name} ${dueno.apellido} (${dueno.email})` : 'Empresa asociada'}
      </p>
      <ReportesDetalle item={item} name={name} />
      <h3 style={{ fontSize: 16 }}>Historial</h3>
      {item.historial.length ? (
        <ul aria-label={`Historial: ${name}`} style={{ paddingLeft: 18 }}>
          {item.historial.map((h) => (
            <li key={h.id}>
              <strong>{EVENTO_MODERACION_LABELS[h.accion]}</strong> · {when(h.createdAt)}
              {h.moderador && <> · {h.moderador}</>}
              {h.motivo && <div style={{ overflowWrap: 'anywhere' }}>{h.motivo}</div>}
            </li>
          ))}
        </ul>
      ) : (
        <p>Sin acciones todavía.</p>
      )}
      <label htmlFor={reasonId} style={{ display: 'block', fontWeight: 600, margin: '8px 0 4px' }}>
        Motivo de la decisión
      </label>
      <Input.TextArea id={reasonId} value={motivo} maxLength={500} rows={2} onChange={(e) => setMotivo(e.target.value)} />
      {missing && (
        <div role="alert" style={{ color: '#cf1322', marginTop: 4 }}>
          {MSG.motivoModeracionRequerido}
        </div>
      )}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 12 }}>
        <Button type="primary" disabled={busy} onClick={withReason((m) => onModerar('aprobar', m))}>
          Aprobar
        </Button>
        <Button danger disabled={busy} onClick={withReason((m) => onModerar('retirar', m))}>
          Retirar
        </Button>
        {dueno && (
          <Popconfirm
            title="¿Bloquear a este usuario?"
            description="Se ocultan todos sus anuncios y no podrá iniciar sesión."
            okText="Sí, bloquear"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            disabled={busy || !motivo.trim()}
            onConfirm={() => onBloquear(dueno._id, motivo.trim())}
          >
            <Button danger disabled={busy} onClick={() => setMissing(!motivo.trim())}>
              Bloquear usuario
            </Button>
          </Popconfirm>
        )}
      </div>
      {error && <Alert type="error" role="alert" showIcon title={error} style={{ marginTop: 12 }} />}
    </Card>
  );
}
