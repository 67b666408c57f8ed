/** /moderacion against a recorded API: the queue with reports and history, actions with a required reason, 403 → home. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type ModeracionItem } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import ModeracionPage, { COLA_VACIA } from './moderacion-page';

const api = setupPageSuite(4407);
const renderModeracion = () => renderPage(<ModeracionPage />, { path: '/moderacion', url: '/moderacion' });
const signIn = () => usePortalStore.getState().login({ name: 'Mara', apellido: 'Mod', email: 'mod@example.com', token: 'm0d', moderador: true });

const held: ModeracionItem = {
  anuncio: { _id: 'a1', title: 'Villa en Cap Cana', propiedad: 'Villa', estado: 'en revisión', place: 'Punta Cana', createdAt: '2026-11-20T10:00:00.000Z' },
  dueno: { _id: 'u1', email: 'dueno@example.com', name: 'Pedro', apellido: 'Gómez', bloqueado: false },
  reportes: [
    { id: 3, motivo: 'enganoso', comentario: '', reportero: 'usuario', createdAt: '2026-11-22T10:00:00.000Z', resueltoAt: null },
    { id: 1, motivo: 'estafa', comentario: 'Pide depósito por adelantado', reportero: 'visitante', createdAt: '2026-11-21T10:00:00.000Z', resueltoAt: null },
  ],
  reporteros: 2,
  historial: [{ id: 9, accion: 'en_revision', motivo: '3 reportes de personas distintas en 7 días', moderador: null, createdAt: '2026-11-22T10:00:00.000Z' }],
};

test('the queue shows each listing with its reports (newest first) and history; Aprobar needs a reason, then reloads', async () => {
  signIn();
  let items = [held];
  api.on('GET /moderacion/anuncios', () => ({ json: { items } }));
  api.on('POST /moderacion/anuncios/a1', () => {
    items = [];
    return { json: { ok: true, estado: 'activo' } };
  });
  renderModeracion();
  const card = await screen.findByLabelText('Anuncio reportado: Villa en Cap Cana');
  const reports = within(within(card).getByLabelText('Reportes: Villa en Cap Cana')).getAllByRole('listitem');
  expect(reports[0]).toHaveTextContent('Precio o fotos engañosos');
  expect(reports[1]).toHaveTextContent('Estafa o fraude · Visitante');
  expect(reports[1]).toHaveTextContent('Pide depósito por adelantado');
  expect(within(card).getByLabelText('Historial: Villa en Cap Cana')).toHaveTextContent('En revisión automática');
  expect(card).toHaveTextContent('dueno@example.com');

  const user = userEvent.setup();
  await user.click(within(card).getByRole('button', { name: 'Aprobar' }));
  expect(within(card).getByRole('alert')).toHaveTextContent(MSG.motivoModeracionRequerido);
  expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

  await user.type(within(card).getByLabelText('Motivo de la decisión'), 'Verificado');
  await user.click(within(card).getByRole('button', { name: 'Aprobar' }));
  expect(await screen.findByText(COLA_VACIA)).toBeInTheDocument();
  const sent = api.requests.find((r) => r.method === 'POST')!;
  expect(sent.body).toEqual({ accion: 'aprobar', motivo: 'Verificado' });
  expect(sent.headers.authorization).toBe('Bearer m0d');
});

test('an account that is not a moderator (403) is sent home', async () => {
  signIn();
  api.on('GET /moderacion/anuncios', { status: 403, json: { error: MSG.soloModeradores } });
  renderModeracion();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
});
