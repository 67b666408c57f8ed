/**
 * Every listing attribute POST /anuncio accepts (SPEC §7), with the SPEC §5 messages. Number
 * inputs have no `min`: antd would turn a typed -5 into 0 on blur without a word; the schema's
 * rule answers "No se permiten números negativos" instead (issue 39).
 */
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { AMENITY_LABELS, FIELD_LABELS, MONEDAS, PROPIEDAD_FORM, PROPOSITO_FORM, PROPOSITO_LABELS } from 'shared-contracts';
import { anuncioRule } from '../lib/anuncio-rule';
import { AttributeFields } from './attribute-fields';

const PROPOSITO_OPTIONS = PROPOSITO_FORM.map((value) => ({ value, label: PROPOSITO_LABELS[value] }));
const PROPIEDAD_OPTIONS = PROPIEDAD_FORM.map((value) => ({ value, label: value }));
const MONEDA_OPTIONS = MONEDAS.map((value) => ({ value, label: `${value}$` }));
const AMENITIES = Object.entries(AMENITY_LABELS) as [keyof typeof AMENITY_LABELS, string][];
const COUNTS = (['habitaciones', 'banos', 'nivel'] as const).map((name) => [name, FIELD_LABELS[name]] as const);

const half = { xs: 24, sm: 12 } as const;

export { anuncioRule } from '../lib/anuncio-rule';

export function AnuncioFields() {
  return (
    <>
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="proposito" label={FIELD_LABELS.proposito}>
            <Select options={PROPOSITO_OPTIONS} aria-label={FIELD_LABELS.proposito} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="propiedad" label={FIELD_LABELS.propiedad}>
            <Select options={PROPIEDAD_OPTIONS} aria-label={FIELD_LABELS.propiedad} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="title" label="Título" rules={anuncioRule('title')}>
        <Input maxLength={140} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={8} sm={6}>
          <Form.Item name="moneda" label={FIELD_LABELS.moneda}>
            <Select options={MONEDA_OPTIONS} aria-label={FIELD_LABELS.moneda} />
          </Form.Item>
        </Col>
        <Col xs={16} sm={10}>
          <Form.Item name="price" label="Precio" rules={anuncioRule('price')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="metros" label="Metros (m²)" rules={anuncioRule('metros')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        {COUNTS.map(([name, label]) => (
          <Col key={name} xs={8}>
            <Form.Item name={name} label={label} rules={anuncioRule(name)}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={12}>
        {AMENITIES.map(([name, label]) => (
          <Col key={name} xs={12} sm={6}>
            <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{label}</Checkbox>
            </Form.Item>
          </Col>
        ))}
      </Row>
      <AttributeFields />
      <Form.Item name="description" label="Descripción" rules={anuncioRule('description')}>
        <Input.TextArea rows={5} maxLength={5000} />
      </Form.Item>
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="name" label="Nombre" rules={anuncioRule('name')}>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="apellido" label="Apellido" rules={anuncioRule('apellido')}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="movil" label="Celular" rules={anuncioRule('movil')}>
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="email" label="Email" rules={anuncioRule('email')}>
            {/* not type="email": the browser's own check would block the submit before the SPEC message shows */}
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="empresa" label="Empresa" rules={anuncioRule('empresa')}>
        <Input />
      </Form.Item>
    </>
  );
}
