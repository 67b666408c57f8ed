/**
 * The add-listing form (SPEC §2 "Add listing"): fields beside the address picker on wide screens
 * (>= sm, 600 px) and above it on narrow ones; photos and the submit button below both. Given
 * `editing` (issue 20, /editarAnuncio) it is prefilled with every field of that listing, its
 * address on the map and its current photos, and saves with `PUT /anuncio/{id}`.
 */
import { useEffect } from 'react';
import { Link } from 'web-runtime/router';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import { AMENIDADES, ATTR_FIELD_LABELS, MEDIA_URL_MAX, MSG, ROUTES, type OwnAnuncio } from 'shared-contracts';
import { anuncioFieldsSchema } from 'shared-contracts/schemas';
import { usePortalStore } from 'web-runtime/store';
import { AddressPicker, type AddressValue } from '../../address-picker';
import { PhotoUpload, compressImage, usePhotos, type CompressFn } from '../../photo-upload';
import { useSubmitAnuncio } from '../hooks/use-submit-anuncio';
import { UploadStatus } from './upload-status';
import { AnuncioFields, anuncioRule } from './anuncio-fields';
import { triStateValue } from './attribute-fields';

/** SPEC §5 defaults of the add form: the schema's own defaults (venta, Casa, RD, no amenities). */
export const ANUNCIO_DEFAULTS = anuncioFieldsSchema
  .pick({ proposito: true, propiedad: true, moneda: true, balcon: true, patio: true, piscina: true, parqueo: true })
  .parse({});

const PREFILLED = ['name', 'apellido', 'email'] as const;
const HIDDEN_ADDRESS_FIELDS = ['place', 'region', 'locality', 'latitude', 'longitude'] as const;

const EDITABLE = [
  'proposito', 'propiedad', 'title', 'moneda', 'price', 'metros', 'habitaciones', 'banos', 'nivel', 'balcon', 'patio', 'piscina', 'parqueo',
  'description', 'name', 'apellido', 'movil', 'email', 'empresa', 'place', 'region', 'locality', 'address', 'latitude', 'longitude',
  // issue 42
  'mediosBanos', 'parqueos', 'amueblado', 'respaldo', 'mantenimiento', 'mantenimientoMoneda', 'anoConstruccion', 'construccion', 'entrega', 'calle',
  // issue 47
  'video', 'tour',
] as const;

/** The listing's values as the form holds them (absent numbers and unknown choices stay empty). */
function valuesOf(anuncio: OwnAnuncio): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(EDITABLE.map((k) => [k, anuncio[k] ?? undefined]));
  for (const k of AMENIDADES) values[k] = triStateValue(anuncio[k]);
  return values;
}

export function AnuncioForm({ compress = compressImage, editing }: { compress?: CompressFn; editing?: OwnAnuncio }) {
  const [form] = Form.useForm();
  const user = usePortalStore((s) => s.user);
  const photos = usePhotos(compress, editing?.image_urls);
  const { submit, submitting, error, upload, cancel } = useSubmitAnuncio(editing?._id);
  const position = editing?.latitude != null && editing.longitude != null ? { lat: editing.latitude, lng: editing.longitude } : undefined;

  // The user may be restored after the form mounted: fill what the user has not typed yet.
  useEffect(() => {
    if (!user || editing) return;
    const patch: Record<string, string> = {};
    for (const key of PREFILLED) if (!form.isFieldTouched(key) && !form.getFieldValue(key)) patch[key] = user[key];
    form.setFieldsValue(patch);
  }, [user, form, editing]);

  // Issue 39: a listing stored before today's rules (a price of 0, no title) opens with what it
  // lacks shown on its fields, as My listings announced; a valid one shows nothing.
  useEffect(() => {
    if (editing) form.validateFields().catch(() => undefined);
  }, [editing, form]);

  const onAddress = (value: AddressValue) => {
    form.setFieldsValue(value);
    void form.validateFields(['address']);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={editing ? valuesOf(editing) : { ...ANUNCIO_DEFAULTS, name: user?.name ?? '', apellido: user?.apellido ?? '', email: user?.email ?? '' }}
      onFinish={(values) => void submit(values, photos.ready, { order: photos.order, removed: photos.removedKeys })}
      aria-label={editing ? MSG.editarAnuncio : 'Agregar anuncio'}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={12}>
          <AnuncioFields />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="address" label="Dirección" rules={anuncioRule('address')}>
            <Input readOnly placeholder={MSG.buscaTuDireccion} />
          </Form.Item>
          <Form.Item name="calle" label={ATTR_FIELD_LABELS.calle} rules={anuncioRule('calle')} extra="Opcional: se muestra junto al sector">
            <Input maxLength={120} placeholder="Calle Gustavo Mejía Ricart, Torre Aurora" />
          </Form.Item>
          <Form.Item name="video" label={ATTR_FIELD_LABELS.video} rules={anuncioRule('video')} extra="Opcional: el enlace del video en YouTube">
            <Input type="url" inputMode="url" maxLength={MEDIA_URL_MAX} placeholder="https://youtu.be/…" />
          </Form.Item>
          <Form.Item name="tour" label={ATTR_FIELD_LABELS.tour} rules={anuncioRule('tour')} extra="Opcional: el enlace del recorrido en Matterport o Kuula">
            <Input type="url" inputMode="url" maxLength={MEDIA_URL_MAX} placeholder="https://my.matterport.com/show/?m=…" />
          </Form.Item>
          {HIDDEN_ADDRESS_FIELDS.map((name) => (
            <Form.Item key={name} name={name} hidden>
              <Input />
            </Form.Item>
          ))}
          <AddressPicker onConfirm={onAddress} initial={position} />
        </Col>
      </Row>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 24 }}>
        <PhotoUpload photos={photos} disabled={submitting} upload={upload} refused={error?.foto} />
        {error && (
          <Typography.Text type="danger" role="alert">
            {error.text}
            {error.quota && (
              <>
                {' '}
                <Link to={ROUTES.comprarPlan}>{MSG.eligeTuPlan}</Link>
              </>
            )}
          </Typography.Text>
        )}
        {submitting && upload && <UploadStatus upload={upload} editing={Boolean(editing)} onCancel={cancel} />}
        <Button type="primary" htmlType="submit" size="large" loading={submitting} disabled={photos.compressing}>
          {editing ? 'Guardar cambios' : 'Publicar anuncio'}
        </Button>
      </div>
    </Form>
  );
}
