/**
 * Issue 42's "Características" of the add and edit form: half bathrooms, parking spaces, year
 * built, furniture, power backup, the building's amenities, the maintenance fee and new
 * construction with its delivery. Every choice can stay empty ("Sin indicar"): unknown is stored
 * as unknown, never as "no" (docs/decisions/0028-listing-attributes.md). The delivery month is
 * asked only for a project en planos or en construcción, and is emptied when the state changes
 * to anything else (the API would refuse it, and a hidden field must not block the submit).
 */
import { useEffect } from 'react';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import {
  AMENIDADES,
  AMUEBLADO_LABELS,
  AMUEBLADOS,
  ATTR_FIELD_LABELS as L,
  CONSTRUCCION_CON_ENTREGA,
  CONSTRUCCION_LABELS,
  CONSTRUCCIONES,
  MONEDAS,
  RESPALDO_LABELS,
  RESPALDOS,
  type Construccion,
} from 'shared-contracts';
import { anuncioRule } from '../lib/anuncio-rule';

export const SIN_INDICAR = 'Sin indicar';
export const CARACTERISTICAS = 'Características';
const SI_NO = [
  { value: 'si', label: 'Sí' },
  { value: 'no', label: 'No' },
];
const AMUEBLADO_OPTIONS = AMUEBLADOS.map((value) => ({ value, label: AMUEBLADO_LABELS[value] }));
const RESPALDO_OPTIONS = RESPALDOS.map((value) => ({ value, label: RESPALDO_LABELS[value] }));
const CONSTRUCCION_OPTIONS = CONSTRUCCIONES.map((value) => ({ value, label: CONSTRUCCION_LABELS[value] }));
const MONEDA_OPTIONS = MONEDAS.map((value) => ({ value, label: `${value}$` }));
const COUNTS = ['mediosBanos', 'parqueos', 'anoConstruccion'] as const;

/**
 * A placeholder people can read: antd's is colorTextPlaceholder (1.8:1 on white), and "Sin
 * indicar" is a value the user reads, not a hint (axe, e2e/tests/a11y.spec.ts).
 */
function Readable({ text }: { text: string }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{text}</span>;
}

/** A choice that may stay unknown: cleared with the ✕. */
const choice = (label: string, options: { value: string; label: string }[]) => (
  <Select options={options} allowClear placeholder={<Readable text={SIN_INDICAR} />} aria-label={label} />
);

/** The listing's tri-state booleans as the form's selects hold them ('si' / 'no' / empty). */
export function triStateValue(value: boolean | null | undefined): 'si' | 'no' | undefined {
  return value == null ? undefined : value ? 'si' : 'no';
}

export function AttributeFields() {
  const form = Form.useFormInstance();
  const construccion = Form.useWatch('construccion', form) as Construccion | undefined;
  const conEntrega = !!construccion && CONSTRUCCION_CON_ENTREGA.includes(construccion);
  useEffect(() => {
    if (!conEntrega && form.getFieldValue('entrega')) form.setFieldValue('entrega', undefined);
  }, [conEntrega, form]);

  return (
    <fieldset className="anuncio-caracteristicas" style={{ border: 0, padding: 0, margin: '8px 0 0', minWidth: 0 }}>
      <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>{CARACTERISTICAS}</legend>
      {/* bottom-aligned: a label that wraps on a phone ("Año de construcción") keeps the inputs in line */}
      <Row gutter={12} align="bottom">
        {COUNTS.map((name) => (
          <Col key={name} xs={8}>
            <Form.Item name={name} label={L[name]} rules={anuncioRule(name)}>
              <InputNumber precision={0} inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="amueblado" label={L.amueblado} rules={anuncioRule('amueblado')}>
            {choice(L.amueblado, AMUEBLADO_OPTIONS)}
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="respaldo" label={L.respaldo} rules={anuncioRule('respaldo')}>
            {choice(L.respaldo, RESPALDO_OPTIONS)}
          </Form.Item>
        </Col>
        {AMENIDADES.map((name) => (
          <Col key={name} xs={12} sm={8}>
            <Form.Item name={name} label={L[name]} rules={anuncioRule(name)}>
              {choice(L[name], SI_NO)}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={12}>
        <Col xs={14} sm={16}>
          <Form.Item name="mantenimiento" label={L.mantenimiento} rules={anuncioRule('mantenimiento')}>
            <InputNumber inputMode="decimal" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={10} sm={8}>
          <Form.Item name="mantenimientoMoneda" label="Moneda" rules={anuncioRule('mantenimientoMoneda')}>
            <Select options={MONEDA_OPTIONS} allowClear placeholder={<Readable text="La del precio" />} aria-label={L.mantenimientoMoneda} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="construccion" label={L.construccion} rules={anuncioRule('construccion')}>
            {choice(L.construccion, CONSTRUCCION_OPTIONS)}
          </Form.Item>
        </Col>
        {conEntrega && (
          <Col xs={24} sm={12}>
            <Form.Item name="entrega" label={L.entrega} rules={anuncioRule('entrega')} extra="Mes y año, por ejemplo 2027-06">
              {/* a month picker where the browser has one; elsewhere text the schema checks (AAAA-MM) */}
              <Input type="month" placeholder="AAAA-MM" />
            </Form.Item>
          </Col>
        )}
      </Row>
    </fieldset>
  );
}
