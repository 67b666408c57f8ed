/**
 * The home search panel (SPEC §2 Home). Submitting sets the shared filters without empty values
 * (page 1); when the filters are emptied (the logo) every field resets. The extra block starts
 * collapsed so that on a phone the results begin near the top.
 */
import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { MONEDAS, MSG, PROPIEDAD_FILTER, PROPOSITO_FILTER, cleanFilters, filtersSchema, type Filters } from 'shared-contracts';
import { usePortalStore } from 'shared-contracts/store';
import './search-panel.css';

export const LABELS = {
  place: 'Lugar',
  locality: 'Sector',
  region: 'Provincia',
  proposito: 'Propósito',
  propiedad: 'Tipo de propiedad',
  habitaciones: 'Habitaciones',
  metrosMin: 'Metros mín.',
  metrosMax: 'Metros máx.',
  precioMin: 'Precio mín.',
  precioMax: 'Precio máx.',
  moneda: 'Moneda',
  masFiltros: 'Más filtros',
  menosFiltros: 'Menos filtros',
} as const;

export interface SearchOptions {
  placeOptions: string[];
  regionOptions: string[];
  localityOptions: string[];
}

const toOptions = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
const PROPOSITO_LABELS: Record<string, string> = { venta: 'Venta', alquiler: 'Alquiler' };
const searchable = { showSearch: true, allowClear: true, optionFilterProp: 'label' } as const;

/** Form values -> the filters to send: empty values dropped, anything invalid (negatives) refused. */
export function toFilters(values: Record<string, unknown>): Filters {
  const cleaned = cleanFilters(values);
  const parsed = filtersSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return filtersSchema.parse(Object.fromEntries(Object.entries(cleaned).filter(([k]) => !bad.has(k))));
}

export function SearchPanel({ options }: { options: SearchOptions }) {
  const [form] = Form.useForm();
  const filters = usePortalStore((s) => s.filters);
  const [open, setOpen] = useState(false);

  // the store is the truth: an emptied filter set (logo) resets every field
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filters);
  }, [filters, form]);

  const number = (name: keyof Filters) => (
    <Form.Item name={name} label={LABELS[name as keyof typeof LABELS]}>
      <InputNumber min={0} style={{ width: '100%' }} inputMode="numeric" aria-label={LABELS[name as keyof typeof LABELS]} />
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" size="middle" className="search-panel" onFinish={(values) => usePortalStore.getState().setFilters(toFilters(values))} role="search">
      <div className="search-panel-grid">
        <Form.Item name="place" label={LABELS.place}>
          <Select {...searchable} aria-label={LABELS.place} options={toOptions(options.placeOptions)} />
        </Form.Item>
        <Form.Item name="locality" label={LABELS.locality}>
          <Select {...searchable} aria-label={LABELS.locality} options={toOptions(options.localityOptions)} />
        </Form.Item>
        <Form.Item name="region" label={LABELS.region}>
          <Select {...searchable} aria-label={LABELS.region} options={toOptions(options.regionOptions)} />
        </Form.Item>
        <Form.Item name="proposito" label={LABELS.proposito}>
          <Select allowClear aria-label={LABELS.proposito} options={PROPOSITO_FILTER.map((p) => ({ value: p, label: PROPOSITO_LABELS[p] }))} />
        </Form.Item>
        <Form.Item name="propiedad" label={LABELS.propiedad}>
          <Select {...searchable} aria-label={LABELS.propiedad} options={toOptions(PROPIEDAD_FILTER)} />
        </Form.Item>
      </div>
      {/* hidden, not unmounted: collapsed fields keep their values */}
      <div className="search-panel-grid" id="search-panel-extra" hidden={!open}>
          {number('habitaciones')}
          {number('metrosMin')}
          {number('metrosMax')}
          {number('precioMin')}
          {number('precioMax')}
          <Form.Item name="moneda" label={LABELS.moneda}>
            <Select allowClear aria-label={LABELS.moneda} options={toOptions(MONEDAS)} />
          </Form.Item>
      </div>
      <div className="search-panel-actions">
        <Button type="primary" htmlType="submit">
          {MSG.buscar}
        </Button>
        <Button type="link" aria-expanded={open} aria-controls="search-panel-extra" onClick={() => setOpen((o) => !o)}>
          {open ? LABELS.menosFiltros : LABELS.masFiltros}
        </Button>
      </div>
    </Form>
  );
}
