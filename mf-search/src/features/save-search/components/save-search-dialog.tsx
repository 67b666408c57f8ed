/**
 * The "Guardar búsqueda" dialog (issue 22): a proposed name, the frequency, POST /busquedas.
 * Issue 39: a search the user already saved (same filters, searchIdentity) is said so as the
 * dialog opens, with the name it has, instead of being offered again; the API refuses it too
 * (409), and any refusal of that kind leads to Mis búsquedas.
 */
import { useEffect, useState } from 'react';
import Modal from 'antd/es/modal';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Alert from 'antd/es/alert';
import { Link } from 'web-runtime/router';
import { BUSQUEDA_NOMBRE_MAX, FRECUENCIAS, FRECUENCIA_LABELS, ROUTES, SAVED_MSG, proposeSearchName, type Filters, type Frecuencia } from 'shared-contracts';
import { useSavedAs } from '../api/get-busquedas';
import { useCreateBusqueda } from '../api/create-busqueda';

interface Props {
  open: boolean;
  filters: Filters;
  onClose(): void;
}

type Status = 'idle' | 'saving' | 'saved' | 'refused';

export default function SaveSearchDialog({ open, filters, onClose }: Props) {
  const savedAs = useSavedAs(open, filters);
  const createBusqueda = useCreateBusqueda();
  const [nombre, setNombre] = useState(() => proposeSearchName(filters));
  const [frecuencia, setFrecuencia] = useState<Frecuencia>('instantaneo');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  // Each opening starts from the current search.
  useEffect(() => {
    if (!open) return;
    setNombre(proposeSearchName(filters));
    setStatus('idle');
    setError(null);
  }, [open, filters]);
  useEffect(() => {
    if (savedAs !== null) setStatus((s) => (s === 'idle' ? 'refused' : s));
  }, [savedAs]);

  const save = async () => {
    setStatus('saving');
    setError(null);
    const result = await createBusqueda({ nombre: nombre.trim() || undefined, filters, frecuencia });
    if (!result) return setStatus('idle');
    if (result.ok) return setStatus('saved');
    setError(result.error);
    setStatus(result.repeated ? 'refused' : 'idle');
  };

  const done = status === 'saved' || status === 'refused';
  const misBusquedas = (
    <Link to={ROUTES.misBusquedas} onClick={onClose}>
      Ver mis búsquedas
    </Link>
  );
  return (
    <Modal
      open={open}
      title={SAVED_MSG.guardarBusqueda}
      onCancel={onClose}
      onOk={done ? onClose : save}
      okText={done ? 'Listo' : 'Guardar'}
      cancelButtonProps={done ? { style: { display: 'none' } } : undefined}
      cancelText="Cancelar"
      confirmLoading={status === 'saving'}
      destroyOnHidden
    >
      {status === 'saved' && (
        <p role="status">
          {SAVED_MSG.busquedaGuardada} {misBusquedas}
        </p>
      )}
      {status === 'refused' && (
        <p role="alert">
          {error ?? SAVED_MSG.busquedaRepetida(savedAs ?? '')} {misBusquedas}
        </p>
      )}
      {(status === 'idle' || status === 'saving') && (
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
