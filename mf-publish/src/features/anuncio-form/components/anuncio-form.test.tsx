import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'web-runtime/router';
import { MSG, type GeocodeResponse } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { AnuncioForm } from './anuncio-form';
import type { CompressFn } from '../../photo-upload';
import { jpegFile, pngFile, textAsJpeg } from '../../../test-support/image-files';
import { TEST_USER, imagePartNames, setSession, startRecordedApi, textPart, type RecordedAnswer } from '../../../test-support/recorded-api';

jest.setTimeout(60_000);
// The whole antd form in jsdom is slow to query on a busy machine: give async queries room.
configure({ asyncUtilTimeout: 15_000 });
// Real network answers and antd's delayed updates land outside act(); the tests wait for what
// the user sees (findBy/waitFor) instead, so React's act() warnings do not apply here.
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const SEARCH: GeocodeResponse = {
  features: [{ id: 'locality.1', place_name: 'Naco, Santo Domingo de Guzmán, Distrito Nacional', center: [-69.9312, 18.4755], context: [] }],
};
const REVERSE: GeocodeResponse = {
  features: [
    {
      id: 'address.9',
      place_name: 'Calle Fantino Falco, Naco, Distrito Nacional',
      center: [-69.9312, 18.4755],
      context: [
        { id: 'locality.1', text: 'Naco' },
        { id: 'place.5', text: 'Santo Domingo de Guzmán' },
        { id: 'region.32', text: 'Distrito Nacional' },
      ],
    },
  ],
};

let createAnswer: RecordedAnswer;
let api: Awaited<ReturnType<typeof startRecordedApi>>;
beforeAll(async () => {
  api = await startRecordedApi({
    'GET /geocode/search': () => ({ json: SEARCH }),
    'GET /geocode/reverse': () => ({ json: REVERSE }),
    'POST /anuncio': () => createAnswer,
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  createAnswer = { json: { _id: 'a1' }, delayMs: 300 };
  setSession(TEST_USER);
});

// jsdom has no canvas: photos are kept as chosen (the browser tests compress for real).
const keep: CompressFn = async (file) => file;
const posts = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/anuncio');

/** Renders and waits for the lazily loaded map, so no suspended load finishes outside act(). */
async function renderForm() {
  render(
    <MemoryRouter initialEntries={['/agregarAnuncio']}>
      <Routes>
        <Route path="/agregarAnuncio" element={<AnuncioForm compress={keep} />} />
        <Route path="/misAnuncios" element={<h1>Página de mis anuncios</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByTestId('address-map');
}

const submitButton = () => screen.getByText('Publicar anuncio').closest('button')!;
type User = ReturnType<typeof userEvent.setup>;
/** Paste instead of typing key by key: one re-render of the big form per field. */
async function fill(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}
const selectShows = (label: string, text: string) =>
  expect(screen.getByRole('combobox', { name: label }).closest('.ant-select')).toHaveTextContent(text);

async function fillRequired(user: User) {
  await fill(user, 'Título', 'Casa en Naco');
  await fill(user, 'Precio', '2500000');
  await fill(user, 'Descripción', 'Casa amplia con patio');
  await fill(user, 'Celular', '8095551234');
}

async function pickAddress(user: User) {
  await user.type(screen.getByPlaceholderText('Escribe la dirección'), 'Naco');
  await user.click(await screen.findByText(SEARCH.features[0].place_name));
  await user.click(screen.getByText('Confirmar'));
  await waitFor(() => expect(screen.getByLabelText('Dirección')).toHaveValue(REVERSE.features[0].place_name));
}

test('defaults RD, venta, Casa; name, apellido and email from the user; empty read-only address', async () => {
  await renderForm();
  selectShows('Moneda', 'RD$');
  selectShows('Propósito', 'Venta');
  selectShows('Tipo de propiedad', 'Casa');
  expect(screen.getByLabelText('Nombre')).toHaveValue('Lucía');
  expect(screen.getByLabelText('Apellido')).toHaveValue('Peña');
  expect(screen.getByLabelText('Email')).toHaveValue('lucia@example.com');
  const address = screen.getByLabelText('Dirección');
  expect(address).toHaveValue('');
  expect(address).toHaveAttribute('placeholder', MSG.buscaTuDireccion);
  expect(address).toHaveAttribute('readonly');
});

test('shows the SPEC messages and sends nothing while fields are missing', async () => {
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await user.clear(screen.getByLabelText('Nombre'));
  await user.clear(screen.getByLabelText('Apellido'));
  await user.clear(screen.getByLabelText('Email'));
  await fill(user, 'Email', 'no-es-email');
  await user.click(submitButton());
  for (const message of [MSG.tituloRequerido, MSG.nombreRequerido, MSG.apellidoRequerido, MSG.precioRequerido, MSG.descripcionRequerido, MSG.celularRequerido, MSG.invalidEmail, MSG.direccionRequerido]) {
    expect(await screen.findByText(message)).toBeInTheDocument();
  }
  expect(posts()).toHaveLength(0);
});

const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

test('issue 39: typed negatives stay as typed with "No se permiten números negativos"; a price of 0 is refused; nothing sent', async () => {
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await fillRequired(user);
  await user.clear(screen.getByLabelText('Precio'));
  await fill(user, 'Precio', '-5');
  await fill(user, 'Metros (m²)', '-120');
  await fill(user, 'Habitaciones', '-2');
  await pickAddress(user);
  await user.click(submitButton());
  expect(await within(itemOf('Precio')).findByText(MSG.noNegativos)).toBeInTheDocument();
  expect(within(itemOf('Metros (m²)')).getByText(MSG.noNegativos)).toBeInTheDocument();
  expect(within(itemOf('Habitaciones')).getByText(MSG.noNegativos)).toBeInTheDocument();
  // Never turned into 0 behind the user's back.
  expect(screen.getByLabelText('Precio')).toHaveValue('-5');
  expect(screen.getByLabelText('Metros (m²)')).toHaveValue('-120');

  await user.clear(screen.getByLabelText('Precio'));
  await fill(user, 'Precio', '0');
  await user.click(submitButton());
  expect(await within(itemOf('Precio')).findByText(MSG.precioMayorQueCero)).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 400));
  expect(posts()).toHaveLength(0);
});

test('issue 39: a text file renamed .jpg is refused by its bytes and named; the form and the other photos are kept', async () => {
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await fillRequired(user);
  await pickAddress(user);
  const input = screen.getByLabelText('Elegir fotos');
  const chosen = within(screen.getByRole('list', { name: 'Fotos elegidas' }));
  await user.upload(input, [pngFile('fachada.png')]);
  await waitFor(() => expect(chosen.getAllByAltText(/^Foto \d+:/)).toHaveLength(1));
  await user.upload(input, [textAsJpeg('notas.jpg'), jpegFile('cocina.jpg')]);
  await waitFor(() => expect(chosen.getAllByAltText(/^Foto \d+:/)).toHaveLength(2));
  expect(await screen.findByText('No se aceptó la foto «notas.jpg»: el archivo no es una imagen PNG o JPEG')).toBeInTheDocument();
  expect(chosen.getAllByAltText(/^Foto \d+:/).map((img) => img.getAttribute('alt'))).toEqual(['Foto 1: fachada.png', 'Foto 2: cocina.jpg']);
  expect(screen.getByLabelText('Título')).toHaveValue('Casa en Naco');
  expect(screen.getByLabelText('Precio')).toHaveValue('2500000');
  expect(screen.getByLabelText('Dirección')).toHaveValue(REVERSE.features[0].place_name);

  await waitFor(() => expect(submitButton()).toBeEnabled());
  await user.click(submitButton());
  expect(await screen.findByText('Página de mis anuncios')).toBeInTheDocument();
  expect(imagePartNames(posts()[0].body)).toEqual(['fachada.png', 'cocina.jpg']);
  expect(textPart(posts()[0].body, 'title')).toBe('Casa en Naco');
});

test('a phone that is not a Dominican number: "Celular no válido" on Celular and nothing sent (issue 21)', async () => {
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await fill(user, 'Celular', '+34 612 345 678');
  await user.click(submitButton());
  const item = screen.getByLabelText('Celular').closest('.ant-form-item')!;
  expect(await within(item as HTMLElement).findByText(MSG.celularInvalido)).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Celular'));
  await fill(user, 'Celular', '(829) 555-1234');
  await waitFor(() => expect(within(item as HTMLElement).queryByText(MSG.celularInvalido)).not.toBeInTheDocument());
  expect(posts()).toHaveLength(0);
});

test('without an address: "Dirección es requerido" on the address and nothing sent', async () => {
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await fillRequired(user);
  await user.click(submitButton());
  const item = screen.getByLabelText('Dirección').closest('.ant-form-item')!;
  expect(await within(item as HTMLElement).findByText(MSG.direccionRequerido)).toBeInTheDocument();
  expect(screen.queryByText(MSG.precioRequerido)).not.toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 400));
  expect(posts()).toHaveLength(0);
});

test('no user: "You must be logged in" in red and nothing sent', async () => {
  setSession(null);
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await fill(user, 'Nombre', 'Ana');
  await fill(user, 'Apellido', 'Ruiz');
  await fill(user, 'Email', 'ana@example.com');
  await fillRequired(user);
  await pickAddress(user);
  await user.click(submitButton());
  const alert = (await screen.findByText(MSG.mustBeLoggedIn)).closest('[role="alert"]');
  expect(alert).toHaveClass('ant-typography-danger');
  expect(posts()).toHaveLength(0);
});

test('one submission at a time; the fields and photos in order; then my listings', async () => {
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await fillRequired(user);
  await user.click(screen.getByLabelText('Piscina'));
  await pickAddress(user);
  const input = screen.getByLabelText('Elegir fotos');
  await user.upload(input, [pngFile('b.png'), jpegFile('a.jpg')]);
  // Alt-text queries inside the photo list: role queries over the whole antd form take long
  // enough on a busy machine to starve the compression queue they are waiting for.
  const chosen = within(screen.getByRole('list', { name: 'Fotos elegidas' }));
  await waitFor(() => expect(chosen.getAllByAltText(/^Foto \d+:/)).toHaveLength(2));
  expect(chosen.getAllByAltText(/^Foto \d+:/).map((img) => img.getAttribute('alt'))).toEqual(['Foto 1: b.png', 'Foto 2: a.jpg']);
  await waitFor(() => expect(submitButton()).toBeEnabled());
  await user.click(submitButton());
  await user.click(submitButton());
  await user.click(submitButton());
  // Issue 47: the upload's progress shows at once (the photos sent so far, then the server's turn).
  expect(await screen.findByText(/^Publicando tu anuncio( · fotos subidas: [0-2] de 2|: procesando las fotos…)$/)).toBeInTheDocument();
  expect(submitButton()).toHaveClass('ant-btn-loading');
  expect(await screen.findByText('Página de mis anuncios')).toBeInTheDocument();
  expect(posts()).toHaveLength(1);
  const [req] = posts();
  expect(req.headers.authorization).toBe(`Bearer ${TEST_USER.token}`);
  expect(imagePartNames(req.body)).toEqual(['b.png', 'a.jpg']);
  const field = (name: string) => textPart(req.body, name);
  expect([field('proposito'), field('propiedad'), field('moneda'), field('price')]).toEqual(['venta', 'Casa', 'RD', '2500000']);
  expect([field('piscina'), field('balcon')]).toEqual(['true', 'false']);
  expect([field('name'), field('apellido'), field('email'), field('movil')]).toEqual(['Lucía', 'Peña', 'lucia@example.com', '+18095551234']); // E.164 (issue 21)
  expect([field('address'), field('locality'), field('place'), field('region')]).toEqual([
    REVERSE.features[0].place_name,
    'Naco',
    'Santo Domingo de Guzmán',
    'Distrito Nacional',
  ]);
  expect(Number(field('latitude'))).toBeCloseTo(18.4755, 4);
  expect(Number(field('longitude'))).toBeCloseTo(-69.9312, 4);
  expect(usePortalStore.getState().listingsVersion).toBe(1);
});

test("a refusal shows the server's text, stops the spinner, and a quota refusal offers the plans", async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  createAnswer = { status: 403, json: { error: MSG.quotaReached } };
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await fillRequired(user);
  await pickAddress(user);
  await user.click(submitButton());
  const alert = (await screen.findByText(MSG.quotaReached, { exact: false })).closest('[role="alert"]') as HTMLElement;
  expect(within(alert).getByText(MSG.eligeTuPlan).closest('a')).toHaveAttribute('href', '/comprarPlanPage');
  await waitFor(() => expect(submitButton()).not.toHaveClass('ant-btn-loading'));
  expect(usePortalStore.getState().listingsVersion).toBe(0);

  createAnswer = { status: 500, json: { error: MSG.serverError } };
  await user.click(submitButton());
  const serverAlert = (await screen.findByText(MSG.serverError)).closest('[role="alert"]') as HTMLElement;
  expect(serverAlert.querySelector('a')).toBeNull();
  expect(posts()).toHaveLength(2);
  warn.mockRestore();
});

test('issue 47: the photo the server refused is marked; removed, the same form is sent again without it', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const refusal = 'No se aceptó la foto 2 «a.jpg»: solo se aceptan imágenes PNG o JPEG';
  createAnswer = { status: 400, json: { error: refusal, foto: 'a.jpg' } };
  const user = userEvent.setup({ delay: null });
  await renderForm();
  await fillRequired(user);
  await pickAddress(user);
  await user.upload(screen.getByLabelText('Elegir fotos'), [pngFile('b.png'), jpegFile('a.jpg')]);
  const chosen = within(screen.getByRole('list', { name: 'Fotos elegidas' }));
  await waitFor(() => expect(chosen.getAllByAltText(/^Foto \d+:/)).toHaveLength(2));
  await waitFor(() => expect(submitButton()).toBeEnabled());
  await user.click(submitButton());
  expect(await screen.findByText(refusal)).toBeInTheDocument();
  const marked = chosen.getByText('No aceptada').closest('li') as HTMLElement;
  expect(within(marked).getByAltText('Foto 2: a.jpg')).toBeInTheDocument();
  expect(chosen.getAllByText('No aceptada')).toHaveLength(1);

  createAnswer = { json: { _id: 'a2' } };
  await user.click(within(marked).getByLabelText('Quitar a.jpg'));
  await user.click(submitButton());
  expect(await screen.findByText('Página de mis anuncios')).toBeInTheDocument();
  expect(posts()).toHaveLength(2);
  expect(imagePartNames(posts()[1].body)).toEqual(['b.png']);
  expect(textPart(posts()[1].body, 'title')).toBe('Casa en Naco');
  warn.mockRestore();
});
