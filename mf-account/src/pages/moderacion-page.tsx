/** /moderacion — the moderators' queue of reported and held listings (issue 23; moderators only). */
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { FormError } from '../components/form-error';
import { ModeracionItem } from '../features/moderacion/components/moderacion-item';
import { useModeracion } from '../features/moderacion/hooks/use-moderacion';

export const MODERACION_TITLE = 'Moderación';
export const COLA_VACIA = 'No hay anuncios reportados.';

export default function ModeracionPage() {
  const { state, busy, actionError, reload, moderar, bloquear } = useModeracion();
  return (
    <div style={{ maxWidth: 900, margin: '0 auto', padding: '24px 12px' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          {MODERACION_TITLE}
        </Typography.Title>
        <Button onClick={() => void reload()}>Actualizar</Button>
      </div>
      <p>Anuncios reportados y en revisión, el más reciente primero.</p>
      {state.status === 'loading' && (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          <Spin size="large" aria-label="Cargando la cola de moderación" />
        </div>
      )}
      {state.status === 'error' && <FormError error={state.message} />}
      {state.status === 'ok' && state.items.length === 0 && <Empty description={COLA_VACIA} />}
      {state.status === 'ok' &&
        state.items.map((item) => (
          <ModeracionItem
            key={item.anuncio._id}
            item={item}
            busy={busy === item.anuncio._id}
            error={actionError?.id === item.anuncio._id ? actionError.message : null}
            onModerar={(accion, motivo) => void moderar(item.anuncio._id, accion, motivo)}
            onBloquear={(userId, motivo) => void bloquear(item.anuncio._id, userId, motivo)}
          />
        ))}
    </div>
  );
}
