/**
 * Issue 42's "Características" in the add and edit form: what is chosen is sent, what is left
 * empty is sent as unknown (''), never as "no"; the delivery month only for a project, with the
 * contracts' messages; on an edit, a choice cleared back to "Sin indicar" is sent as ''.
 */
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'web-runtime/router';
import { ATTR_MSG, type GeocodeResponse, type OwnAnuncio } from 'shared-contracts';
import Form from 'antd/es/form';
import { anuncioSchema } from 'shared-contracts/schemas';
import { AnuncioForm } from './anuncio-form';
import { AttributeFields } from './attribute-fields';
import { buildAnuncioFormData } from '../lib/build-anuncio-form-data';
import type { CompressFn } from '../../photo-upload';
import { TEST_USER, setSession, startRecordedApi, textPart } from '../../../test-support/recorded-api';

// antd selects in jsdom on a shared 2-core machine: a test took 70 s at load 13
jest.setTimeout(240_000);
configure({ asyncUtilTimeout: 15_000 });
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const PLACE = 'Piantini, Santo Domingo de Guzmán, Distrito Nacional';
const GEO: GeocodeResponse = {
  features: [
    {
      id: 'address.1',
      place_name: PLACE,
      center: [-69.94, 18.47],
      context: [
        { id: 'locality.1', text: 'Piantini' },
        { id: 'place.5', text: 'Santo Domingo de Guzmán' },
        { id: 'region.32', text: 'Distrito Nacional' },
      ],
    },
  ],
};
const LISTING: OwnAnuncio = {
  _id: 'a9', title: 'Apto en Piantini', description: 'Amplio', price: 50000, moneda: 'RD', proposito: 'alquiler', propiedad: 'Apartamento',
  metros: 120, habitaciones: 3, banos: 2, nivel: 12, balcon: false, patio: false, piscina: true, parqueo: true,
  name: 'Otra', apellido: 'Persona', empresa: '', movil: '8095551234', email: 'otra@example.com', canales: ['telefono', 'email'],
  place: 'Santo Domingo de Guzmán', region: 'Distrito Nacional', locality: 'Piantini', address: PLACE,
  latitude: 18.47, longitude: -69.94, image_urls: [], source: null, estado: 'activo',
  mediosBanos: 1, parqueos: 2, amueblado: 'si', respaldo: 'planta', cisterna: true, gasComun: null, ascensor: true, seguridad24h: false,
  areaSocial: null, mantenimiento: 8500, mantenimientoMoneda: 'RD', anoConstruccion: 2019, construccion: 'listo', entrega: null,
  calle: 'Calle Gustavo Mejía Ricart, Torre Aurora',
};

let api: Awaited<ReturnType<typeof startRecordedApi>>;
beforeAll(async () => {
  api = await startRecordedApi({
    'GET /geocode/reverse': () => ({ json: GEO }),
    'PUT /anuncio/a9': () => ({ json: LISTING }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  setSession(TEST_USER);
});

const keep: CompressFn = async (file) => file;
type User = ReturnType<typeof userEvent.setup>;

async function renderForm(editing?: OwnAnuncio) {
  render(
    <MemoryRouter initialEntries={['/form']}>
      <Routes>
        <Route path="/form" element={<AnuncioForm compress={keep} editing={editing} />} />
        <Route path="/misAnuncios" element={<h1>Página de mis anuncios</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByTestId('address-map');
}

async function fill(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/** Opens the select and chooses the option. */
async function choose(user: User, label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  const list = await waitFor(() => {
    const id = box.getAttribute('aria-controls') ?? box.getAttribute('aria-owns');
    const el = id ? document.getElementById(id) : null;
    if (!el) throw new Error('no list yet');
    return el.closest('.ant-select-dropdown') as HTMLElement;
  });
  const target = Array.from(list.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((o) => o.textContent === option);
  if (!target) throw new Error(`${option} not in the list of ${label}`);
  await user.click(target);
  await waitFor(() => shows(label, option));
}
const shows = (label: string, text: string) => expect(screen.getByRole('combobox', { name: label }).closest('.ant-select')).toHaveTextContent(text);
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const sent = (method: string) => api.requests.filter((r) => r.method === method && r.path.startsWith('/anuncio'));

/** The fields alone in a form (the whole add form re-renders slowly in jsdom); its values on submit. */
function renderFields() {
  const submitted: Record<string, unknown>[] = [];
  function Harness() {
    const [form] = Form.useForm();
    return (
      <Form form={form} layout="vertical" onFinish={(v) => submitted.push(v as Record<string, unknown>)}>
        <AttributeFields />
        <button type="submit">Enviar</button>
      </Form>
    );
  }
  render(<Harness />);
  return submitted;
}
const REQUIRED = {
  title: 'Apto', price: '50000', description: 'Amplio', name: 'Ana', apellido: 'Pérez', movil: '8095551234', email: 'ana@example.com',
  address: PLACE, latitude: '18.47', longitude: '-69.94',
};

test('what is chosen is sent; what is left empty is sent as unknown (""), never as "no"', async () => {
  const user = userEvent.setup({ delay: null });
  const submitted = renderFields();
  expect(screen.getByRole('group', { name: 'Características' })).toBeInTheDocument();
  await fill(user, 'Parqueos', '2');
  await fill(user, 'Medios baños', '1');
  await choose(user, 'Amueblado', 'Amueblado');
  await choose(user, 'Respaldo eléctrico', 'Planta eléctrica full');
  await choose(user, 'Ascensor', 'Sí');
  await choose(user, 'Gas común', 'No');
  shows('Cisterna', 'Sin indicar');
  await user.click(screen.getByRole('button', { name: 'Enviar' }));
  await waitFor(() => expect(submitted).toHaveLength(1));
  // as the submit hook does: the API's schema, then the multipart body
  const body = buildAnuncioFormData(anuncioSchema.parse({ ...REQUIRED, ...submitted[0] }), []);
  const part = (k: string) => body.getAll(k);
  expect(part('parqueos')).toEqual(['2']);
  expect(part('mediosBanos')).toEqual(['1']);
  expect(part('amueblado')).toEqual(['si']);
  expect(part('respaldo')).toEqual(['planta']);
  expect(part('ascensor')).toEqual(['true']);
  expect(part('gasComun')).toEqual(['false']);
  for (const k of ['cisterna', 'seguridad24h', 'areaSocial', 'construccion', 'entrega', 'anoConstruccion', 'mantenimiento', 'mantenimientoMoneda']) expect(part(k)).toEqual(['']);
});

test('the delivery month is asked only for a project, with the contracts messages, and emptied when the state changes', async () => {
  const user = userEvent.setup({ delay: null });
  const submitted = renderFields();
  expect(screen.queryByLabelText('Entrega')).toBeNull();
  await choose(user, 'Estado de la obra', 'En planos');
  // a month input (text where the browser has no picker): a month before 2000 is refused
  await fill(user, 'Entrega', '1999-05');
  await fill(user, 'Año de construcción', '1700');
  await user.click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await within(itemOf('Entrega')).findByText(ATTR_MSG.entregaFormato)).toBeInTheDocument();
  expect(await within(itemOf('Año de construcción')).findByText(/El año de construcción debe estar entre 1800 y \d{4}/)).toBeInTheDocument();
  await choose(user, 'Estado de la obra', 'Listo');
  await waitFor(() => expect(screen.queryByLabelText('Entrega')).toBeNull());
  await choose(user, 'Estado de la obra', 'En construcción');
  expect(await screen.findByLabelText('Entrega')).toHaveValue('');
  expect(submitted).toHaveLength(0);
});

test('edit: prefilled with the stored attributes; a choice cleared back to "Sin indicar" is sent as unknown', async () => {
  const user = userEvent.setup({ delay: null });
  await renderForm(LISTING);
  shows('Amueblado', 'Amueblado');
  shows('Respaldo eléctrico', 'Planta eléctrica full');
  shows('Ascensor', 'Sí');
  shows('Seguridad 24 horas', 'No');
  shows('Gas común', 'Sin indicar');
  shows('Estado de la obra', 'Listo');
  expect(screen.getByLabelText('Parqueos')).toHaveValue('2');
  expect(screen.getByLabelText('Año de construcción')).toHaveValue('2019');
  expect(screen.getByLabelText('Calle y edificio')).toHaveValue('Calle Gustavo Mejía Ricart, Torre Aurora');
  // clear "Ascensor" with the keyboard
  const ascensor = screen.getByRole('combobox', { name: 'Ascensor' });
  await user.hover(ascensor.closest('.ant-select')!);
  await user.click((ascensor.closest('.ant-select') as HTMLElement).querySelector('.ant-select-clear')!);
  shows('Ascensor', 'Sin indicar');
  await user.click(screen.getByText('Guardar cambios').closest('button')!);
  expect(await screen.findByText('Página de mis anuncios')).toBeInTheDocument();
  const body = sent('PUT')[0].body;
  expect(textPart(body, 'ascensor')).toBe('');
  expect(textPart(body, 'cisterna')).toBe('true');
  expect(textPart(body, 'seguridad24h')).toBe('false');
  expect(textPart(body, 'amueblado')).toBe('si');
  expect(textPart(body, 'parqueos')).toBe('2');
});
