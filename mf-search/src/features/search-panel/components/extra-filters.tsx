/**
 * The collapsible extra block of the search panel: rooms, areas, prices, currency, and issue 42's
 * attributes (bathrooms and parking at least, furniture, power backup at least, amenities asked
 * for, a project's state and delivery year, the maintenance fee at most). Loaded the first time
 * it is opened: the home page's first load does not pay for InputNumber. The amenities are plain
 * checkboxes: only "with it" is a filter (an unticked box asks nothing). Issue 46: the advertiser,
 * "Solo dueño directo" or "Solo inmobiliarias".
 */
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import {
  ANUNCIANTE_LABELS,
  ANUNCIANTES,
  AMUEBLADO_LABELS,
  AMUEBLADOS,
  ATTR_LIMITS,
  CONSTRUCCION_LABELS,
  CONSTRUCCIONES,
  MONEDAS,
  RESPALDO_FILTER,
  RESPALDO_FILTER_LABELS,
} from 'shared-contracts';
import { LABELS, fieldId, type FieldName, type PanelValues } from '../lib/labels';

type OnChange = (name: FieldName, value: unknown) => void;

const NUMBER_FIELDS = ['habitaciones', 'metrosMin', 'metrosMax', 'precioMin', 'precioMax'] as const;
const MINIMUMS = ['banosMin', 'parqueosMin'] as const;
const FLAGS = ['ascensor', 'piscina', 'seguridad24h'] as const;
type Option = { value: string; label: string };
const CHOICES: Record<'moneda' | 'amueblado' | 'respaldo' | 'construccion' | 'anunciante', Option[]> = {
  moneda: MONEDAS.map((v) => ({ value: v, label: v })),
  amueblado: AMUEBLADOS.map((v) => ({ value: v, label: AMUEBLADO_LABELS[v] })),
  respaldo: RESPALDO_FILTER.map((v) => ({ value: v, label: RESPALDO_FILTER_LABELS[v] })),
  construccion: CONSTRUCCIONES.map((v) => ({ value: v, label: CONSTRUCCION_LABELS[v] })),
  anunciante: ANUNCIANTES.map((v) => ({ value: v, label: ANUNCIANTE_LABELS[v] })),
};

function NumberField({ name, values, onChange, year = false }: { name: FieldName; values: PanelValues; onChange: OnChange; year?: boolean }) {
  return (
    <div className="search-field">
      <label htmlFor={fieldId(name)}>{LABELS[name]}</label>
      <InputNumber
        id={fieldId(name)}
        min={year ? ATTR_LIMITS.entregaMin : 0}
        max={year ? ATTR_LIMITS.entregaMax : undefined}
        precision={year ? 0 : undefined}
        style={{ width: '100%' }}
        inputMode="numeric"
        aria-label={LABELS[name]}
        value={(values[name] as number | null | undefined) ?? null}
        onChange={(v) => onChange(name, v)}
      />
    </div>
  );
}

function ChoiceField({ name, values, onChange }: { name: keyof typeof CHOICES; values: PanelValues; onChange: OnChange }) {
  return (
    <div className="search-field">
      <label htmlFor={fieldId(name)}>{LABELS[name]}</label>
      <Select
        id={fieldId(name)}
        allowClear
        aria-label={LABELS[name]}
        options={CHOICES[name]}
        value={(values[name] as string | null | undefined) ?? undefined}
        onChange={(v) => onChange(name, v)}
      />
    </div>
  );
}

export default function ExtraFilters({ values, onChange }: { values: PanelValues; onChange: OnChange }) {
  const field = { values, onChange };
  return (
    <>
      {NUMBER_FIELDS.map((name) => (
        <NumberField key={name} name={name} {...field} />
      ))}
      <ChoiceField name="moneda" {...field} />
      {MINIMUMS.map((name) => (
        <NumberField key={name} name={name} {...field} />
      ))}
      <ChoiceField name="amueblado" {...field} />
      <ChoiceField name="respaldo" {...field} />
      <ChoiceField name="construccion" {...field} />
      <NumberField name="entregaHasta" year {...field} />
      <NumberField name="mantenimientoMax" {...field} />
      <ChoiceField name="anunciante" {...field} />
      <fieldset className="search-field search-panel-flags">
        <legend className="visually-hidden">Comodidades</legend>
        {FLAGS.map((name) => (
          <label key={name} htmlFor={fieldId(name)}>
            <input id={fieldId(name)} type="checkbox" checked={values[name] === true} onChange={(e) => onChange(name, e.target.checked ? true : null)} /> {LABELS[name]}
          </label>
        ))}
      </fieldset>
    </>
  );
}
