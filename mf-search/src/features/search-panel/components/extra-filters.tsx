/**
 * The collapsible extra block of the search panel (rooms, areas, prices, currency). Loaded the
 * first time it is opened: the home page's first load does not pay for InputNumber.
 */
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { MONEDAS } from 'shared-contracts';
import { LABELS, fieldId, type FieldName, type PanelValues } from '../lib/labels';

const NUMBER_FIELDS = ['habitaciones', 'metrosMin', 'metrosMax', 'precioMin', 'precioMax'] as const;

export default function ExtraFilters({ values, onChange }: { values: PanelValues; onChange: (name: FieldName, value: unknown) => void }) {
  return (
    <>
      {NUMBER_FIELDS.map((name) => (
        <div className="search-field" key={name}>
          <label htmlFor={fieldId(name)}>{LABELS[name]}</label>
          <InputNumber
            id={fieldId(name)}
            min={0}
            style={{ width: '100%' }}
            inputMode="numeric"
            aria-label={LABELS[name]}
            value={(values[name] as number | null | undefined) ?? null}
            onChange={(v) => onChange(name, v)}
          />
        </div>
      ))}
      <div className="search-field">
        <label htmlFor={fieldId('moneda')}>{LABELS.moneda}</label>
        <Select
          id={fieldId('moneda')}
          allowClear
          aria-label={LABELS.moneda}
          options={MONEDAS.map((v) => ({ value: v, label: v }))}
          value={values.moneda ?? undefined}
          onChange={(v) => onChange('moneda', v)}
        />
      </div>
    </>
  );
}
