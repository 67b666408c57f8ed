/**
 * Issue 42 on the home page, against a recorded API over real HTTP: the attribute filters read
 * from and written to the address (round trip), the order select beside the count (filters kept,
 * page 1, `orden` to the API), and the landing pages with an attribute
 * (/alquiler/apartamento/piantini/amueblado) and their 404 for unknown attributes.
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'web-runtime/router';
import { makeAnuncio, startRecordedApi, type RecordedApi, type RecordedReply, type RecordedRequest } from 'web-runtime/testing';
import { ORDEN_LABELS, parseRuntimeConfig, type AllAnunciosResponse, type Anuncio } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import HomePage from './home-page';
import { LABELS } from '../features/search-panel/components/search-panel';
import { ORDENAR_POR } from '../features/search-panel/components/orden-select';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 8000 });

let api: RecordedApi;
let answer: (req: RecordedRequest) => RecordedReply;

function TestCard({ anuncio }: { anuncio: Anuncio }) {
  return <article>{anuncio.title}</article>;
}
function page(count: number, pageIndex: number): AllAnunciosResponse {
  const n = Math.max(0, Math.min(12, count - pageIndex * 12));
  return {
    anuncios: Array.from({ length: n }, (_, k) => makeAnuncio({ _id: `id${pageIndex * 12 + k + 1}`, title: `Anuncio ${pageIndex * 12 + k + 1}` })),
    count,
    placeOptions: [],
    regionOptions: [],
    localityOptions: [],
  };
}

beforeAll(async () => {
  api = await startRecordedApi((req) => answer(req));
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  answer = (req) => {
    if (req.path === '/lugares/piantini') return { body: { slug: 'piantini', nombre: 'Piantini', filtros: { locality: 'Piantini' } } };
    if (req.path.startsWith('/lugares/')) return { status: 404, body: { error: 'No conocemos ese lugar' } };
    return { body: page(30, (req.body as { page: number }).page) };
  };
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: api.url }), loadRemote: async () => ({ default: TestCard }) });
});

let location = '';
function Where() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Where />
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/alquiler/*" element={<HomePage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const searches = () => api.requests.filter((r) => r.path === '/allAnuncios').map((r) => r.body);

const ATTRS = '?moneda=US&banosMin=2&parqueosMin=2&amueblado=si&respaldo=planta&ascensor=si&construccion=planos&entregaHasta=2027&mantenimientoMax=300&anunciante=dueno';

test('the attribute filters of the address reach the API and the panel; ticking one more keeps them all in the address', async () => {
  renderAt(`/${ATTRS}`);
  await screen.findByText('Anuncio 1');
  expect(searches()[0]).toEqual({
    filters: {
      moneda: 'US', banosMin: 2, parqueosMin: 2, amueblado: 'si', respaldo: 'planta', ascensor: true, construccion: 'planos', entregaHasta: 2027, mantenimientoMax: 300,
      anunciante: 'dueno',
    },
    page: 0,
  });
  fireEvent.click(screen.getByRole('button', { name: LABELS.masFiltros }));
  expect(await screen.findByRole('spinbutton', { name: LABELS.parqueosMin })).toHaveValue('2');
  expect(screen.getByRole('spinbutton', { name: LABELS.entregaHasta })).toHaveValue('2027');
  expect(screen.getByRole('combobox', { name: LABELS.amueblado }).closest('.ant-select')).toHaveTextContent('Amueblado');
  expect(screen.getByRole('combobox', { name: LABELS.respaldo }).closest('.ant-select')).toHaveTextContent('Planta eléctrica full');
  expect(screen.getByRole('checkbox', { name: LABELS.ascensor })).toBeChecked();
  // issue 46: the advertiser
  expect(screen.getByRole('combobox', { name: LABELS.anunciante }).closest('.ant-select')).toHaveTextContent('Solo dueño directo');
  expect(screen.getByRole('checkbox', { name: LABELS.piscina })).not.toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: LABELS.piscina }));
  fireEvent.click(screen.getByRole('checkbox', { name: LABELS.ascensor }));
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() =>
    expect(location).toBe('/?moneda=US&banosMin=2&parqueosMin=2&amueblado=si&respaldo=planta&piscina=si&construccion=planos&entregaHasta=2027&mantenimientoMax=300&anunciante=dueno'),
  );
  await waitFor(() => expect(searches().at(-1)).toMatchObject({ filters: { piscina: true, amueblado: 'si', anunciante: 'dueno' }, page: 0 }));
  expect((searches().at(-1) as { filters: object }).filters).not.toHaveProperty('ascensor');
});

test('the order select beside the count: the same filters, page 1, orden in the address and the request; the default leaves it out', async () => {
  renderAt('/?amueblado=si&page=2');
  await screen.findByText('Anuncio 13');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: ORDENAR_POR }));
  fireEvent.click(await screen.findByTitle(ORDEN_LABELS.precio_asc));
  await waitFor(() => expect(location).toBe('/?amueblado=si&orden=precio_asc'));
  await waitFor(() => expect(searches().at(-1)).toEqual({ filters: { amueblado: 'si' }, page: 0, orden: 'precio_asc' }));
  // Buscar keeps the order
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(location).toBe('/?amueblado=si&orden=precio_asc'));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: ORDENAR_POR }));
  fireEvent.click(await screen.findByTitle(ORDEN_LABELS.precio_desc));
  await waitFor(() => expect(location).toBe('/?amueblado=si&orden=precio_desc'));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: ORDENAR_POR }));
  fireEvent.click(await screen.findByTitle(ORDEN_LABELS.recientes));
  await waitFor(() => expect(location).toBe('/?amueblado=si'));
  await waitFor(() => expect(searches().at(-1)).toEqual({ filters: { amueblado: 'si' }, page: 0 }));
});

test('a landing page with an attribute: its filters, its heading', async () => {
  renderAt('/alquiler/apartamento/piantini/amueblado');
  expect(await screen.findByRole('heading', { level: 1, name: 'Apartamentos amueblados en alquiler en Piantini' })).toBeInTheDocument();
  expect(searches()[0]).toEqual({ filters: { proposito: 'alquiler', propiedad: 'Apartamento', amueblado: 'si', locality: 'Piantini' }, page: 0 });
});

test.each(['/alquiler/apartamento/piantini/barato', '/alquiler/solar/piantini/amueblado'])('%s names no page: 404, no search', async (url) => {
  renderAt(url);
  expect(await screen.findByText('Ir al inicio')).toBeInTheDocument();
  expect(searches()).toHaveLength(0);
});
