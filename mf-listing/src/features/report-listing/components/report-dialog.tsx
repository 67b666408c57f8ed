/**
 * The report form (issue 23), loaded when "Reportar anuncio" is pressed: the reason (required) and
 * an optional comment of at most 500 characters. After sending it thanks the visitor.
 */
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { MOTIVOS_REPORTE, MOTIVO_REPORTE_LABELS, MSG, REPORTE_COMENTARIO_MAX, type MotivoReporte } from 'shared-contracts';
import { useReport } from '../hooks/use-report';

export const ENVIAR_REPORTE = 'Enviar reporte';
export const COMENTARIO_LABEL = 'Comentario (opcional)';
export const LISTO = 'Listo';

export default function ReportDialog({ anuncioId, open, onClose }: { anuncioId: string; open: boolean; onClose: () => void }) {
  const { state, send } = useReport(anuncioId);
  const [motivo, setMotivo] = useState<MotivoReporte | null>(null);
  const [comentario, setComentario] = useState('');
  const [missing, setMissing] = useState(false);
  const sent = state.status === 'sent';
  const submit = () => {
    if (!motivo) return setMissing(true);
    send(motivo, comentario);
  };
  const footer = sent
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          {LISTO}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          Cancelar
        </Button>,
        <Button key="send" type="primary" danger loading={state.status === 'sending'} onClick={submit}>
          {ENVIAR_REPORTE}
        </Button>,
      ];
  return (
    <Modal open={open} title={MSG.reportarAnuncio} onCancel={onClose} footer={footer} destroyOnHidden>
      {sent ? (
        <Alert type="success" showIcon title={state.message} />
      ) : (
        <form
          aria-label={MSG.reportarAnuncio}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
            <legend style={{ fontWeight: 600, marginBottom: 8 }}>Motivo</legend>
            <Radio.Group
              value={motivo}
              onChange={(e) => {
                setMotivo(e.target.value as MotivoReporte);
                setMissing(false);
              }}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={MOTIVOS_REPORTE.map((m) => ({ value: m, label: MOTIVO_REPORTE_LABELS[m] }))}
            />
            {missing && (
              <div role="alert" style={{ color: '#cf1322', marginTop: 6 }}>
                {MSG.motivoRequerido}
              </div>
            )}
          </fieldset>
          <label htmlFor={`reporte-comentario-${anuncioId}`} style={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
            {COMENTARIO_LABEL}
          </label>
          <Input.TextArea id={`reporte-comentario-${anuncioId}`} value={comentario} onChange={(e) => setComentario(e.target.value)} maxLength={REPORTE_COMENTARIO_MAX} showCount rows={3} />
          {state.status === 'error' && <Alert type="error" showIcon title={state.message} style={{ marginTop: 16 }} />}
        </form>
      )}
    </Modal>
  );
}
