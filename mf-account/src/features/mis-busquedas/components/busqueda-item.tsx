/** One saved search on /misBusquedas: Ver (home with its filters, as a URL), rename, frequency, Borrar. */
import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Popconfirm from 'antd/es/popconfirm';
import { useNavigate } from 'web-runtime/router';
import type { MouseEvent } from 'react';
import { FRECUENCIAS, FRECUENCIA_LABELS, SAVED_MSG, searchHref, type BusquedaPatchBody, type Frecuencia, type SavedSearch } from 'shared-contracts';
import { FormError } from '../../../components/form-error';

interface Props {
  busqueda: SavedSearch;
  onUpdate(id: string, patch: BusquedaPatchBody): Promise<string | null>;
  onRemove(id: string): Promise<string | null>;
}

export function BusquedaItem({ busqueda, onUpdate, onRemove }: Props) {
  const [nombre, setNombre] = useState(busqueda.nombre);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const act = async (work: () => Promise<string | null>) => {
    setSaving(true);
    setError(await work());
    setSaving(false);
  };
  const renamed = nombre.trim() !== busqueda.nombre && nombre.trim() !== '';
  const nameId = `busqueda-nombre-${busqueda._id}`;
  const navigate = useNavigate();
  const href = searchHref({ filters: busqueda.filters, page: 1 });
  // a real link (new tab, without JavaScript); a plain click stays in the app
  const open = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <li className="busqueda-item" style={{ listStyle: 'none', border: '1px solid rgba(128,128,128,0.35)', borderRadius: 8, padding: 16, display: 'flex', flexDirection: 'column', gap: 10 }}>
      <h2 style={{ fontSize: 18, margin: 0 }}>{busqueda.nombre}</h2>
      {!busqueda.alertas && <strong style={{ color: '#b45309' }}>{SAVED_MSG.alertasDesactivadas}</strong>}
      <label htmlFor={nameId}>Nombre</label>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Input id={nameId} value={nombre} maxLength={120} onChange={(e) => setNombre(e.target.value)} style={{ flex: '1 1 200px' }} />
        <Button disabled={!renamed} loading={saving && renamed} onClick={() => act(() => onUpdate(busqueda._id, { nombre: nombre.trim() }))}>
          Renombrar
        </Button>
      </div>
      <Radio.Group
        aria-label={`Frecuencia de ${busqueda.nombre}`}
        value={busqueda.alertas ? busqueda.frecuencia : undefined}
        optionType="button"
        disabled={saving}
        onChange={(e) => act(() => onUpdate(busqueda._id, { frecuencia: e.target.value as Frecuencia }))}
        options={FRECUENCIAS.map((f) => ({ value: f, label: FRECUENCIA_LABELS[f] }))}
      />
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="primary" href={href} onClick={open}>
          Ver
        </Button>
        <Popconfirm title="¿Borrar esta búsqueda?" okText="Borrar" cancelText="Cancelar" onConfirm={() => act(() => onRemove(busqueda._id))}>
          <Button danger>Borrar</Button>
        </Popconfirm>
      </div>
      <FormError error={error} />
    </li>
  );
}
