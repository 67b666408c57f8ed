/**
 * /moderacion — the moderators' page (issues 23 and 40; moderators only): the queue of held and
 * reported listings, held ones first, a page at a time; and the blocked accounts, with Desbloquear.
 */
import { useState } from 'react';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Segmented from 'antd/es/segmented';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { FormError } from '../components/form-error';
import { ModeracionItem } from '../features/moderacion/components/moderacion-item';
import { UsuarioBloqueado } from '../features/moderacion/components/usuario-bloqueado';
import { useBloqueados } from '../features/moderacion/hooks/use-bloqueados';
import { useModeracion } from '../features/moderacion/hooks/use-moderacion';

export const MODERACION_TITLE = 'Moderación';
export const COLA_VACIA = 'No hay anuncios reportados.';
export const SIN_BLOQUEADOS = 'No hay usuarios bloqueados.';
const VISTA_COLA = 'Anuncios';
const VISTA_BLOQUEADOS = 'Usuarios bloqueados';
type Vista = typeof VISTA_COLA | typeof VISTA_BLOQUEADOS;

function Loading({ label }: { label: string }) {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
      <Spin size="large" aria-label={label} />
    </div>
  );
}

/** Pages of a moderators' list (0-based in, 1-based on screen); nothing when one page holds it all. */
function Pages({ label, page, total, pageSize, onPage }: { label: string; page: number; total: number; pageSize: number; onPage(page: number): void }) {
  if (total <= pageSize) return null;
  return (
    <nav aria-label={label} style={{ display: 'flex', justifyContent: 'center', margin: '16px 0' }}>
      <Pagination current={page + 1} total={total} pageSize={pageSize} showSizeChanger={false} onChange={(p) => onPage(p - 1)} />
    </nav>
  );
}

function Cola() {
  const { state, page, busy, actionError, reload, goToPage, moderar, bloquear } = useModeracion();
  return (
    <section aria-label="Cola de moderación">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <p style={{ margin: 0 }}>
          Primero los anuncios en revisión, luego los reportados; el más reciente primero.{state.status === 'ok' && ` ${state.total} en total.`}
        </p>
        <Button onClick={() => void reload()}>Actualizar</Button>
      </div>
      {state.status === 'loading' && <Loading label="Cargando la cola de moderación" />}
      {state.status === 'error' && <FormError error={state.message} />}
      {state.status === 'ok' && state.items.length === 0 && <Empty description={COLA_VACIA} />}
      {state.status === 'ok' && (
        <>
          <div style={{ marginTop: 16 }}>
            {state.items.map((item) => (
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
          <Pages label="Páginas de la cola" page={page} total={state.total} pageSize={state.pageSize} onPage={goToPage} />
        </>
      )}
    </section>
  );
}

function Bloqueados() {
  const { state, page, busy, actionError, goToPage, desbloquear } = useBloqueados();
  return (
    <section aria-label={VISTA_BLOQUEADOS}>
      <p style={{ marginTop: 0 }}>El bloqueo más reciente primero. Los anuncios nuevos con sus teléfonos o fotos quedan en revisión.</p>
      {state.status === 'loading' && <Loading label="Cargando los usuarios bloqueados" />}
      {state.status === 'error' && <FormError error={state.message} />}
      {state.status === 'ok' && state.items.length === 0 && <Empty description={SIN_BLOQUEADOS} />}
      {state.status === 'ok' && (
        <>
          {state.items.map((u) => (
            <UsuarioBloqueado key={u._id} usuario={u} busy={busy === u._id} error={actionError?.id === u._id ? actionError.message : null} onDesbloquear={(m) => void desbloquear(u._id, m)} />
          ))}
          <Pages label="Páginas de usuarios bloqueados" page={page} total={state.total} pageSize={state.pageSize} onPage={goToPage} />
        </>
      )}
    </section>
  );
}

export default function ModeracionPage() {
  const [vista, setVista] = useState<Vista>(VISTA_COLA);
  return (
    <div style={{ maxWidth: 900, margin: '0 auto', padding: '24px 12px' }}>
      <Typography.Title level={1} style={{ fontSize: 28, margin: '0 0 12px' }}>
        {MODERACION_TITLE}
      </Typography.Title>
      <Segmented<Vista> block options={[VISTA_COLA, VISTA_BLOQUEADOS]} value={vista} onChange={setVista} style={{ marginBottom: 16 }} />
      {vista === VISTA_COLA ? <Cola /> : <Bloqueados />}
    </div>
  );
}
