/** /misBusquedas — the user's saved searches and their email alerts (issue 22). */
import Spin from 'antd/es/spin';
import { SAVED_MSG } from 'shared-contracts';
import { FormError } from '../components/form-error';
import { BusquedaItem } from '../features/mis-busquedas/components/busqueda-item';
import { useBusquedas } from '../features/mis-busquedas/api/get-busquedas';

export default function MisBusquedasPage() {
  const { state, update, remove } = useBusquedas();
  return (
    <section aria-labelledby="mis-busquedas-titulo" style={{ maxWidth: 760, margin: '0 auto', padding: '16px 0', display: 'flex', flexDirection: 'column', gap: 12 }}>
      <h1 id="mis-busquedas-titulo" style={{ margin: 0 }}>
        {SAVED_MSG.misBusquedasTitulo}
      </h1>
      {state.status === 'loading' && <Spin size="large" aria-label="Cargando búsquedas" />}
      {state.status === 'error' && <FormError error={state.message} />}
      {state.status === 'ok' && state.busquedas.length === 0 && <p>{SAVED_MSG.misBusquedasVacio}</p>}
      {state.status === 'ok' && state.busquedas.length > 0 && (
        <ul style={{ padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          {state.busquedas.map((b) => (
            <BusquedaItem key={b._id} busqueda={b} onUpdate={update} onRemove={remove} />
          ))}
        </ul>
      )}
    </section>
  );
}
