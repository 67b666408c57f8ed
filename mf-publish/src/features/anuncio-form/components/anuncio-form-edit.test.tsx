/** The add form in edit mode (issue 20): every field prefilled, photos edited, saved with PUT. */
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'web-runtime/router';
import { MSG, type OwnAnuncio } from 'shared-contracts';
import { AnuncioForm } from './anuncio-form';
import type { CompressFn } from '../../photo-upload';
import { pngFile } from '../../../test-support/image-files';
import { TEST_USER, imagePartNames, setSession, startRecordedApi, textPart } from '../../../test-support/recorded-api';

jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 15_000 });
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const LISTING: OwnAnuncio = {
  _id: 'a9', title: 'Casa en Naco', description: 'Amplia\nCon patio', price: 2500000, moneda: 'US', proposito: 'alquiler', propiedad: 'Villa',
  metros: 120, habitaciones: 3, banos: 2, nivel: 1, balcon: false, patio: true, piscina: true, parqueo: false,
  name: 'Otra', apellido: 'Persona', empresa: 'Inmobiliaria X', movil: '8095551234', email: 'otra@example.com', canales: ['telefono', 'email'],
  place: 'Santo Domingo de Guzmán', region: 'Distrito Nacional', locality: 'Naco', address: 'Calle Fantino Falco, Naco',
  latitude: 18.4755, longitude: -69.9312, image_urls: ['http://api.test/photos/aaaa.webp', 'http://api.test/photos/bbbb.webp'], source: null, estado: 'pausado',
};

let api: Awaited<ReturnType<typeof startRecordedApi>>;
beforeAll(async () => {
  api = await startRecordedApi({ 'PUT /anuncio/a9': () => ({ json: LISTING }) });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  setSession(TEST_USER);
});

const keep: CompressFn = async (file) => file;

test('prefilled with every field and the current photos; saves with PUT, the new order and the removed photo', async () => {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={['/editarAnuncio/a9']}>
      <Routes>
        <Route path="/editarAnuncio/a9" element={<AnuncioForm compress={keep} editing={LISTING} />} />
        <Route path="/misAnuncios" element={<h1>Página de mis anuncios</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByTestId('address-map');
  expect(screen.getByLabelText('Título')).toHaveValue('Casa en Naco');
  expect(screen.getByLabelText('Descripción')).toHaveValue('Amplia\nCon patio');
  expect(screen.getByLabelText('Dirección')).toHaveValue('Calle Fantino Falco, Naco');
  // the listing's contact, not the session user's
  expect(screen.getByLabelText('Nombre')).toHaveValue('Otra');
  expect(screen.getByLabelText('Piscina')).toBeChecked();
  expect(screen.getByLabelText('Balcón')).not.toBeChecked();
  const chosen = within(screen.getByRole('list', { name: 'Fotos elegidas' }));
  expect(chosen.getAllByAltText(/^Foto \d+:/)).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Quitar Foto actual 1' }));
  await user.upload(screen.getByLabelText('Elegir fotos'), [pngFile('nueva.png')]);
  await waitFor(() => expect(chosen.getAllByAltText(/^Foto \d+:/)).toHaveLength(2));
  await user.click(screen.getByRole('button', { name: 'Mover antes nueva.png' }));
  await user.click(screen.getByText('Guardar cambios'));
  expect(await screen.findByText('Página de mis anuncios')).toBeInTheDocument();

  const puts = api.requests.filter((r) => r.method === 'PUT');
  expect(puts).toHaveLength(1);
  const field = (name: string) => textPart(puts[0].body, name);
  expect(puts[0].headers.authorization).toBe(`Bearer ${TEST_USER.token}`);
  expect([field('title'), field('price'), field('moneda'), field('proposito'), field('propiedad'), field('empresa')]).toEqual([
    'Casa en Naco', '2500000', 'US', 'alquiler', 'Villa', 'Inmobiliaria X',
  ]);
  expect(JSON.parse(field('fotos')!)).toEqual(['nueva:0', 'bbbb.webp']);
  expect(JSON.parse(field('quitadas')!)).toEqual(['aaaa.webp']);
  expect(imagePartNames(puts[0].body)).toEqual(['nueva.png']);
});

test('issue 39: a listing stored with price 0 and no title opens with what to fix on its fields; saved once fixed', async () => {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={['/editarAnuncio/a9']}>
      <Routes>
        <Route path="/editarAnuncio/a9" element={<AnuncioForm compress={keep} editing={{ ...LISTING, title: '', price: 0 }} />} />
        <Route path="/misAnuncios" element={<h1>Página de mis anuncios</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByTestId('address-map');
  const item = (label: string) => within(screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement);
  expect(await item('Título').findByText(MSG.tituloRequerido)).toBeInTheDocument();
  expect(await item('Precio').findByText(MSG.precioMayorQueCero)).toBeInTheDocument();
  expect(screen.queryByText(MSG.direccionRequerido)).not.toBeInTheDocument();
  await user.click(screen.getByText('Guardar cambios'));
  await new Promise((r) => setTimeout(r, 300));
  expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

  await user.click(screen.getByLabelText('Título'));
  await user.paste('Casa en Naco');
  await user.clear(screen.getByLabelText('Precio'));
  await user.click(screen.getByLabelText('Precio'));
  await user.paste('2500000');
  await user.click(screen.getByText('Guardar cambios'));
  expect(await screen.findByText('Página de mis anuncios')).toBeInTheDocument();
  const [put] = api.requests.filter((r) => r.method === 'PUT');
  expect([textPart(put.body, 'title'), textPart(put.body, 'price')]).toEqual(['Casa en Naco', '2500000']);
});
