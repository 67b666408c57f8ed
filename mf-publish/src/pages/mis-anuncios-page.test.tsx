import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'web-runtime/router';
import { MSG, type Anuncio, type Estado, type MisAnunciosResponse } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import MisAnunciosPage from './mis-anuncios-page';
import { TEST_USER, setSession, startRecordedApi, type RecordedAnswer } from '../test-support/recorded-api';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 10_000 });
beforeEach(() => {
  // real network answers land outside act(); the tests wait for what the user sees instead
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const anuncio = (id: string, title: string): Anuncio => ({
  _id: id, title, description: 'Amplia', price: 2500000, moneda: 'RD', proposito: 'venta', propiedad: 'Casa',
  metros: 120, habitaciones: 3, banos: 2, nivel: 1, balcon: false, patio: true, piscina: false, parqueo: true,
  name: 'Lucía', apellido: 'Peña', empresa: '', canales: ['telefono', 'email'],
  place: 'Santo Domingo de Guzmán', region: 'Distrito Nacional', locality: 'Naco', address: 'Naco',
  latitude: 18.4755, longitude: -69.9312, image_urls: [], source: null,
});

/** Stands in for mf_listing/AnuncioCard, which another remote serves (not loadable in jsdom). */
function TestCard({ anuncio: a, onDelete }: { anuncio: Anuncio; onDelete?: (id: string) => void }) {
  return (
    <article>
      <h3>{a.title}</h3>
      {onDelete && <button onClick={() => onDelete(a._id)}>Borrar {a.title}</button>}
    </article>
  );
}

let mine: MisAnunciosResponse;
let estadoAnswer: RecordedAnswer | null = null;
let misAnunciosAnswer: () => RecordedAnswer;
let api: Awaited<ReturnType<typeof startRecordedApi>>;
beforeAll(async () => {
  api = await startRecordedApi({
    'POST /misAnuncios': () => misAnunciosAnswer(),
    'POST *': (req) => {
      const [, , id, action] = req.path.split('/');
      if (estadoAnswer) return estadoAnswer;
      const estado = action === 'renovar' ? 'activo' : (JSON.parse(req.body) as { estado: Estado }).estado;
      mine = { ...mine, listaDeTodos: mine.listaDeTodos.map((a) => (a._id === id ? { ...a, estado } : a)) };
      return { json: mine.listaDeTodos.find((a) => a._id === id) };
    },
    'DELETE *': (req) => {
      const id = req.path.slice(1);
      mine = { listaDeTodos: mine.listaDeTodos.filter((a) => a._id !== id), canitdadDeAnunciosDisponibles: mine.canitdadDeAnunciosDisponibles + 1 };
      return { json: { ok: true }, delayMs: 200 };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  estadoAnswer = null;
  mine = { listaDeTodos: [anuncio('a1', 'Casa en Naco'), anuncio('a2', 'Apartamento en Piantini')], canitdadDeAnunciosDisponibles: 3 };
  misAnunciosAnswer = () => ({ json: mine });
  setSession(TEST_USER);
  usePortalStore.getState().setRemoteLoader(async (id) => (id === 'mf_listing/AnuncioCard' ? { default: TestCard } : null));
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/misAnuncios']}>
      <Routes>
        <Route path="/misAnuncios" element={<MisAnunciosPage />} />
        <Route path="/" element={<h1>Inicio</h1>} />
        <Route path="/comprarPlanPage" element={<h1>Planes</h1>} />
        <Route path="/agregarAnuncio" element={<h1>Formulario</h1>} />
        <Route path="/editarAnuncio/:anuncioId" element={<h1>Editar</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

test('lists my listings as cards with a floating add button while the plan has room', async () => {
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText('Casa en Naco')).toBeInTheDocument();
  expect(screen.getByText('Apartamento en Piantini')).toBeInTheDocument();
  expect(api.requests[0].headers.authorization).toBe(`Bearer ${TEST_USER.token}`);
  expect(screen.queryByText(MSG.eligeTuPlan)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Agregar anuncio' }));
  expect(await screen.findByText('Formulario')).toBeInTheDocument();
});

test("'Elige tu plan' instead of the add button when nothing is left", async () => {
  mine.canitdadDeAnunciosDisponibles = 0;
  const user = userEvent.setup();
  renderPage();
  const button = await screen.findByText(MSG.eligeTuPlan);
  expect(screen.queryByRole('button', { name: 'Agregar anuncio' })).not.toBeInTheDocument();
  await user.click(button);
  expect(await screen.findByText('Planes')).toBeInTheDocument();
});

test('an empty list says so and invites to publish', async () => {
  mine = { listaDeTodos: [], canitdadDeAnunciosDisponibles: 5 };
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText('Todavía no tienes anuncios publicados.')).toBeInTheDocument();
  await user.click(screen.getByText('Publica tu primer anuncio'));
  expect(await screen.findByText('Formulario')).toBeInTheDocument();
});

test('deletes one at a time, then the list is loaded again', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByText('Borrar Casa en Naco'));
  await user.click(screen.getByText('Borrar Apartamento en Piantini'));
  await waitFor(() => expect(screen.queryByText('Casa en Naco')).not.toBeInTheDocument());
  expect(screen.getByText('Apartamento en Piantini')).toBeInTheDocument();
  const deletes = api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
  expect(deletes).toEqual(['/a1']);
  expect(usePortalStore.getState().anunciosDisponibles).toBe(4);
});

test('a 401 sends the user home', async () => {
  misAnunciosAnswer = () => ({ status: 401, json: { error: MSG.unauthorized } });
  renderPage();
  expect(await screen.findByText('Inicio')).toBeInTheDocument();
  expect(usePortalStore.getState().user).toBeNull();
});

test('each listing shows its status and the owner actions; pausing and resuming go to the API', async () => {
  mine.listaDeTodos[1] = { ...mine.listaDeTodos[1], proposito: 'alquiler', estado: 'pausado' };
  const user = userEvent.setup();
  renderPage();
  const naco = await screen.findByRole('generic', { name: 'Estado y acciones: Casa en Naco' });
  expect(naco).toHaveTextContent('Activo');
  expect(screen.getByRole('generic', { name: 'Estado y acciones: Apartamento en Piantini' })).toHaveTextContent('Pausado');
  expect(screen.getByRole('button', { name: 'Marcar alquilado: Apartamento en Piantini' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Pausar: Casa en Naco' }));
  expect(await screen.findByRole('button', { name: 'Reanudar: Casa en Naco' })).toBeInTheDocument();
  const call = api.requests.find((r) => r.path === '/anuncio/a1/estado')!;
  expect(JSON.parse(call.body)).toEqual({ estado: 'pausado' });
  expect(call.headers.authorization).toBe(`Bearer ${TEST_USER.token}`);
  await user.click(screen.getByRole('button', { name: 'Marcar vendido: Casa en Naco' }));
  expect(await screen.findByRole('button', { name: 'Reactivar: Casa en Naco' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Editar: Casa en Naco' }));
  expect(await screen.findByText('Editar')).toBeInTheDocument();
});

test("a refusal shows the server's text, with the plans link when the plan is full", async () => {
  mine.listaDeTodos[0] = { ...mine.listaDeTodos[0], estado: 'pausado' };
  estadoAnswer = { status: 403, json: { error: MSG.quotaReached } };
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Reanudar: Casa en Naco' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MSG.quotaReached);
  expect(screen.getByRole('link', { name: MSG.eligeTuPlan })).toBeInTheDocument();
});

test('issue 39: a listing stored without a title or with price 0 says what to fix, with a link to its edit form', async () => {
  mine.listaDeTodos[0] = { ...mine.listaDeTodos[0], title: '', price: 0, porCorregir: [MSG.tituloRequerido, MSG.precioMayorQueCero] };
  mine.listaDeTodos[1] = { ...mine.listaDeTodos[1], porCorregir: [] };
  const user = userEvent.setup();
  renderPage();
  // Named by its type when it has no title.
  const fixes = await screen.findByRole('region', { name: 'Por corregir: Casa' });
  expect(fixes).toHaveTextContent(MSG.corregirAnuncio);
  expect(within(fixes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([MSG.tituloRequerido, MSG.precioMayorQueCero]);
  expect(screen.queryByRole('region', { name: 'Por corregir: Apartamento en Piantini' })).not.toBeInTheDocument();
  await user.click(within(fixes).getByRole('link', { name: `${MSG.corregirAhora}: Casa` }));
  expect(await screen.findByText('Editar')).toBeInTheDocument();
});
