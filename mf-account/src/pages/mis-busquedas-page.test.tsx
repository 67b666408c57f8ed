/**
 * /misBusquedas against a recorded API (issue 22): the list asked for once (StrictMode's double
 * effect included: issue 41's one data-loading hook), a rename and a frequency change applied
 * to the list on screen once the API confirms them, a delete that takes the search off the list,
 * and a session the API no longer accepts (401) ended.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAVED_MSG, type SavedSearch } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import MisBusquedasPage from './mis-busquedas-page';

const api = setupPageSuite(4408);
const renderMisBusquedas = () => renderPage(<MisBusquedasPage />, { path: '/misBusquedas', url: '/misBusquedas' });
const signIn = () => usePortalStore.getState().login({ name: 'Ana', apellido: 'Díaz', email: 'ana@example.com', token: 't0k' });
const saved = (id: string, nombre: string): SavedSearch => ({ _id: id, nombre, filters: { region: 'Santiago' }, frecuencia: 'diario', alertas: true, createdAt: '2026-11-01T00:00:00.000Z' });
const listCalls = () => api.requests.filter((r) => r.method === 'GET' && r.path === '/busquedas');

test('the saved searches are asked for once and listed', async () => {
  signIn();
  api.on('GET /busquedas', { json: { busquedas: [saved('b1', 'Casas en Santiago'), saved('b2', 'Solares')] } });
  renderMisBusquedas();
  expect(await screen.findByRole('heading', { name: 'Casas en Santiago' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Solares' })).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 200));
  expect(listCalls()).toHaveLength(1);
  expect(listCalls()[0].headers.authorization).toBe('Bearer t0k');
});

test('a rename shows the new name once saved; Borrar takes the search off the list', async () => {
  signIn();
  api.on('GET /busquedas', { json: { busquedas: [saved('b1', 'Casas en Santiago'), saved('b2', 'Solares')] } });
  api.on('PATCH /busquedas/b1', (req) => ({ json: { ...saved('b1', 'Casas'), ...(req.body as object) } }));
  api.on('DELETE /busquedas/b2', { json: { ok: true } });
  renderMisBusquedas();
  const user = userEvent.setup();
  const first = (await screen.findByRole('heading', { name: 'Casas en Santiago' })).closest('li')!;
  await user.clear(within(first).getByLabelText('Nombre'));
  await user.type(within(first).getByLabelText('Nombre'), 'Casas');
  await user.click(within(first).getByRole('button', { name: 'Renombrar' }));
  expect(await screen.findByRole('heading', { name: 'Casas' })).toBeInTheDocument();
  const second = screen.getByRole('heading', { name: 'Solares' }).closest('li')!;
  await user.click(within(second).getByRole('button', { name: 'Borrar' }));
  // the confirmation's own Borrar (two items' buttons, then the popup's)
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'Borrar' })).toHaveLength(3));
  await user.click(screen.getAllByRole('button', { name: 'Borrar' })[2]);
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Solares' })).toBeNull());
  expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /busquedas', 'PATCH /busquedas/b1', 'DELETE /busquedas/b2']);
});

test('no saved searches: says so', async () => {
  signIn();
  api.on('GET /busquedas', { json: { busquedas: [] } });
  renderMisBusquedas();
  expect(await screen.findByText(SAVED_MSG.misBusquedasVacio)).toBeInTheDocument();
});

test('a session the API no longer accepts (401) is ended', async () => {
  signIn();
  api.on('GET /busquedas', { status: 401, json: { error: 'Unauthorized' } });
  renderMisBusquedas();
  await waitFor(() => expect(usePortalStore.getState().isLoggedIn).toBe(false));
});
