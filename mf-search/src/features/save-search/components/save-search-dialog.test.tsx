/**
 * "Guardar búsqueda" against a recorded API over real HTTP (issue 39): a search the user already
 * saved (same filters in another order, empty values aside) is said so with its name as the
 * dialog opens, and nothing is posted; when the API refuses a save as a repeat, its message shows
 * with the way to Mis búsquedas; a new search is saved as before.
 */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'web-runtime/router';
import { startRecordedApi, type IncomingRecordedRequest, type RecordedApi, type RecordedReply } from 'web-runtime/testing';
import { SAVED_MSG, parseRuntimeConfig, type Filters, type SavedSearch } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { SaveSearchButton } from './save-search-button';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 8000 });

let api: RecordedApi;
let answer: (req: IncomingRecordedRequest) => RecordedReply;

// jsdom has no pseudo-element styles; antd's Modal measures the scrollbar with one (::-webkit-scrollbar)
const realGetComputedStyle = window.getComputedStyle.bind(window);
beforeAll(async () => {
  window.getComputedStyle = ((elt: Element) => realGetComputedStyle(elt)) as typeof window.getComputedStyle;
  api = await startRecordedApi((req) => answer(req));
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  usePortalStore.setState({
    config: parseRuntimeConfig({ apiBaseUrl: api.url }),
    user: { name: 'Ana', apellido: 'Díaz', email: 'ana@example.com', token: 'tok' },
    isLoggedIn: true,
  });
});

const saved = (nombre: string, filters: Filters): SavedSearch => ({ _id: 'b1', nombre, filters, frecuencia: 'diario', alertas: true, createdAt: '2026-11-01T00:00:00.000Z' });
const FILTERS: Filters = { place: 'Piantini', propiedad: 'Apartamento', precioMax: 250000, moneda: 'US' };

async function openDialog(filters: Filters) {
  render(
    <MemoryRouter>
      <SaveSearchButton filters={filters} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: SAVED_MSG.guardarBusqueda }));
  return screen.findByRole('dialog');
}

test('a search already saved is said so, with its name, as the dialog opens; nothing is posted', async () => {
  answer = () => ({ body: { busquedas: [saved('Mi Piantini', { moneda: 'US', precioMax: 250000, propiedad: 'Apartamento', place: 'Piantini', region: '' } as Filters)] } });
  const dialog = await openDialog(FILTERS);
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(SAVED_MSG.busquedaRepetida('Mi Piantini'));
  expect(within(dialog).getByRole('link', { name: 'Ver mis búsquedas' })).toHaveAttribute('href', '/misBusquedas');
  expect(within(dialog).queryByRole('button', { name: 'Guardar' })).toBeNull();
  expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /busquedas']);
});

test('a save the API refuses as a repeat shows its message and the way to Mis búsquedas', async () => {
  const message = SAVED_MSG.busquedaRepetida('Guardada en otra pestaña');
  answer = (req) => (req.method === 'GET' ? { body: { busquedas: [] } } : { status: 409, body: { error: message } });
  const dialog = await openDialog(FILTERS);
  await waitFor(() => expect(api.requests).toHaveLength(1));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  expect(within(dialog).getByRole('link', { name: 'Ver mis búsquedas' })).toBeInTheDocument();
  expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /busquedas', 'POST /busquedas']);
});

test('another search (another value) is saved as before', async () => {
  answer = (req) => (req.method === 'GET' ? { body: { busquedas: [saved('Mi Piantini', FILTERS)] } } : { status: 201, body: saved('Nueva', { ...FILTERS, precioMax: 260000 }) });
  const dialog = await openDialog({ ...FILTERS, precioMax: 260000 });
  await waitFor(() => expect(api.requests).toHaveLength(1));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(SAVED_MSG.busquedaGuardada);
  expect(api.requests[1]).toMatchObject({ method: 'POST', path: '/busquedas', body: { filters: { ...FILTERS, precioMax: 260000 }, frecuencia: 'instantaneo' } });
});
