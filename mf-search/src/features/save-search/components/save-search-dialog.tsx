/** The "Guardar búsqueda" dialog (issue 22): a proposed name, the frequency, POST /busquedas. */
import { useEffect, useState } from 'react';
import Modal from 'antd/es/modal';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Alert from 'antd/es/alert';
import { Link } from 'web-runtime/router';
import { ApiError, BUSQUEDA_NOMBRE_MAX, FRECUENCIAS, FRECUENCIA_LABELS, MSG, ROUTES, SAVED_MSG, proposeSearchName, type Filters, type Frecuencia } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

interface Props {
  open: boolean;
  filters: Filters;
  onClose(): void;
}

export default function SaveSearchDialog({ open, filters, onClose }: Props) {
  const api = useApi();
  const [nombre, setNombre] = useState(() => proposeSearchName(filters));
  const [frecuencia, setFrecuencia] = useState<Frecuencia>('instantaneo');
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  // Each opening starts from the current search.
  useEffect(() => {
    if (!open) return;
    setNombre(proposeSearchName(filters));
    setStatus('idle');
    setError(null);
  }, [open, filters]);

  const save = async () => {
    const token = usePortalStore.getState().user?.token;
    if (!token) return;
    setStatus('saving');
    setError(null);
    try {
      await api.createBusqueda({ nombre: nombre.trim() || undefined, filters, frecuencia }, token);
      setStatus('saved');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
      setError(err instanceof ApiError ? err.message : MSG.serverError);
      setStatus('idle');
    }
  };

  const saved = status === 'saved';
  return (
    <Modal
      open={open}
      title={SAVED_MSG.guardarBusqueda}
      onCancel={onClose}
      onOk={saved ? onClose : save}
      okText={saved ? 'Listo' : 'Guardar'}
      cancelButtonProps={saved ? { style: { display: 'none' } } : undefined}
      cancelText="Cancelar"
      confirmLoading={status === 'saving'}
      destroyOnHidden
    >
      {saved ? (
        <p role="status">
          {SAVED_MSG.busquedaGuardada} <Link to={ROUTES.misBusquedas} onClick={onClose}>Ver mis búsquedas</Link>
        </p>
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <label htmlFor="guardar-busqueda-nombre">Nombre</label>
          <Input id="guardar-busqueda-nombre" value={nombre} maxLength={BUSQUEDA_NOMBRE_MAX} onChange={(e) => setNombre(e.target.value)} />
          <span id="guardar-busqueda-frecuencia">Avisarme por email</span>
          <Radio.Group
            aria-labelledby="guardar-busqueda-frecuencia"
            value={frecuencia}
            onChange={(e) => setFrecuencia(e.target.value as Frecuencia)}
            options={FRECUENCIAS.map((f) => ({ value: f, label: FRECUENCIA_LABELS[f] }))}
          />
          {error && <Alert type="error" role="alert" title={error} showIcon />}
        </div>
      )}
    </Modal>
  );
}
