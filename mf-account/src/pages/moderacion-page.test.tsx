/**
 * /moderacion against a recorded API: the queue with reports and history, actions with a required
 * reason, 403 → home (issue 23); which reports count, network tags, bursts, pages, and the blocked
 * accounts with Desbloquear (issue 40).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type BloqueadosResponse, type ModeracionItem, type ModeracionResponse } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import ModeracionPage, { COLA_VACIA, SIN_BLOQUEADOS } from './moderacion-page';

const api = setupPageSuite(4407);
const renderModeracion = () => renderPage(<ModeracionPage />, { path: '/moderacion', url: '/moderacion' });
const signIn = () => usePortalStore.getState().login({ name: 'Mara', apellido: 'Mod', email: 'mod@example.com', token: 'm0d', moderador: true });
const pageOf = (items: ModeracionItem[], total = items.length, page = 0): ModeracionResponse => ({ items, total, page, pageSize: 50 });

const held: ModeracionItem = {
  anuncio: { _id: 'a1', title: 'Villa en Cap Cana', propiedad: 'Villa', estado: 'en revisión', place: 'Punta Cana', createdAt: '2026-11-20T10:00:00.000Z' },
  dueno: { _id: 'u1', email: 'dueno@example.com', name: 'Pedro', apellido: 'Gómez', bloqueado: false },
  reportes: [
    { id: 3, motivo: 'enganoso', comentario: '', reportero: 'usuario', conPeso: true, red: '9f8e7d6c', createdAt: '2026-11-22T10:00:00.000Z', resueltoAt: null },
    { id: 1, motivo: 'estafa', comentario: 'Pide depósito por adelantado', reportero: 'visitante', conPeso: false, red: '1a2b3c4d', createdAt: '2026-11-21T10:00:00.000Z', resueltoAt: null },
  ],
  reporteros: 2,
  reporterosConPeso: 1,
  historial: [{ id: 9, accion: 'en_revision', motivo: '3 reportes de cuentas con antigüedad', moderador: null, createdAt: '2026-11-22T10:00:00.000Z' }],
  inmuneHasta: null,
  rafagaDueno: { reportes: 7, anuncios: 4 },
  rafagasRed: [
    { red: '1a2b3c4d', reportes: 12, anuncios: 12 },
    { red: '9f8e7d6c', reportes: 1, anuncios: 1 },
  ],
};

test('the queue shows each listing with its reports (newest first) and history; Aprobar needs a reason, then reloads', async () => {
  signIn();
  let items = [held];
  api.on('GET /moderacion/anuncios?page=0', () => ({ json: pageOf(items) }));
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

test('which reports count, each network as a tag, bursts against the owner and from a network, an approval\'s protection', async () => {
  signIn();
  const protectedOne: ModeracionItem = { ...held, anuncio: { ...held.anuncio, _id: 'a2', title: 'Casa aprobada', estado: 'activo' }, inmuneHasta: '2026-12-20T10:00:00.000Z', rafagaDueno: null, rafagasRed: [] };
  api.on('GET /moderacion/anuncios?page=0', { json: pageOf([held, protectedOne]) });
  renderModeracion();
  const card = await screen.findByLabelText('Anuncio reportado: Villa en Cap Cana');
  expect(card).toHaveTextContent('Reportes (2, 2 personas; 1 cuentan para retener)');
  const reports = within(within(card).getByLabelText('Reportes: Villa en Cap Cana')).getAllByRole('listitem');
  expect(reports[0]).toHaveTextContent('Cuenta con antigüedad · Red 9f8e7d6c');
  expect(reports[1]).toHaveTextContent('Visitante (no cuenta) · Red 1a2b3c4d');
  const bursts = within(within(card).getByLabelText('Ráfagas: Villa en Cap Cana')).getAllByRole('listitem');
  expect(bursts.map((b) => b.textContent)).toEqual(['RáfagaContra este dueño: 7 reportes en 4 anuncios', 'RáfagaDesde la red 1a2b3c4d: 12 reportes en 12 anuncios', 'Desde la red 9f8e7d6c: 1 reporte en 1 anuncio']);
  const other = screen.getByLabelText('Anuncio reportado: Casa aprobada');
  expect(other).toHaveTextContent('Aprobado: los reportes no lo retienen hasta');
  expect(within(other).queryByLabelText('Ráfagas: Casa aprobada')).toBeNull();
});

test('a long queue pages: the next page is asked for and shown', async () => {
  signIn();
  // two items stand for each page (rendering 50 cards only slows the test down)
  const some = (page: number) => [0, 1].map((i) => ({ ...held, anuncio: { ...held.anuncio, _id: `p${page}-${i}`, title: `Anuncio ${page}-${i}` } }));
  api.on('GET /moderacion/anuncios?page=0', { json: pageOf(some(0), 53) });
  api.on('GET /moderacion/anuncios?page=1', { json: pageOf(some(1), 53, 1) });
  renderModeracion();
  expect(await screen.findByLabelText('Anuncio reportado: Anuncio 0-1')).toBeInTheDocument();
  expect(screen.getByText(/53 en total/)).toBeInTheDocument();
  await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Páginas de la cola' })).getByText('2'));
  expect(await screen.findByLabelText('Anuncio reportado: Anuncio 1-1')).toBeInTheDocument();
  expect(screen.queryByLabelText('Anuncio reportado: Anuncio 0-0')).toBeNull();
});

test('blocked accounts are listed with what their block covers; Desbloquear needs a reason and a confirmation, then reloads', async () => {
  signIn();
  let blocked: BloqueadosResponse = {
    items: [{ _id: 'u9', email: 'estafa@example.com', name: 'Juan', apellido: 'Pérez', bloqueadoAt: '2026-11-25T10:00:00.000Z', motivo: 'Cobró reservas', telefonos: ['+18095557101'], fotos: 3 }],
    total: 1,
    page: 0,
    pageSize: 50,
  };
  api.on('GET /moderacion/anuncios?page=0', { json: pageOf([]) });
  api.on('GET /moderacion/usuarios/bloqueados?page=0', () => ({ json: blocked }));
  api.on('POST /moderacion/usuarios/u9/desbloquear', () => {
    blocked = { ...blocked, items: [], total: 0 };
    return { json: { ok: true, anuncios: 2 } };
  });
  renderModeracion();
  const user = userEvent.setup();
  await screen.findByText(COLA_VACIA);
  await user.click(screen.getByText('Usuarios bloqueados'));
  const card = await screen.findByLabelText('Usuario bloqueado: estafa@example.com');
  expect(card).toHaveTextContent('Motivo: Cobró reservas');
  expect(card).toHaveTextContent('con los teléfonos +1 (809) 555-7101 o con sus 3 fotos');

  await user.click(within(card).getByRole('button', { name: 'Desbloquear' }));
  expect(within(card).getByRole('alert')).toHaveTextContent(MSG.motivoModeracionRequerido);
  await user.type(within(card).getByLabelText('Motivo del desbloqueo'), 'Devolvió el dinero');
  await user.click(within(card).getByRole('button', { name: 'Desbloquear' }));
  await user.click(await screen.findByRole('button', { name: 'Sí, desbloquear' }));
  expect(await screen.findByText(SIN_BLOQUEADOS)).toBeInTheDocument();
  const sent = api.requests.find((r) => r.method === 'POST')!;
  expect(sent).toMatchObject({ path: '/moderacion/usuarios/u9/desbloquear', body: { motivo: 'Devolvió el dinero' } });
});

test('an account that is not a moderator (403) is sent home', async () => {
  signIn();
  api.on('GET /moderacion/anuncios?page=0', { status: 403, json: { error: MSG.soloModeradores } });
  renderModeracion();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
});

test('opening the page asks for the queue once (issue 41: one request per key, StrictMode included)', async () => {
  signIn();
  api.on('GET /moderacion/anuncios?page=0', { json: pageOf([held]) });
  renderModeracion();
  await screen.findByLabelText('Anuncio reportado: Villa en Cap Cana');
  await new Promise((r) => setTimeout(r, 200));
  expect(api.requests.filter((r) => r.path === '/moderacion/anuncios?page=0')).toHaveLength(1);
});
