/**
 * The favourites page's price-drop emails switch (issue 39) against a recorded API over real HTTP:
 * a signed-in user sees the account's setting and changes it with PATCH /favoritos; a refusal
 * puts the switch back and says why; a visitor (no account, no emails) has no switch.
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'web-runtime/router';
import { startRecordedApi, type RecordedApi, type RecordedReply, type IncomingRecordedRequest } from 'web-runtime/testing';
import { SAVED_MSG, parseRuntimeConfig } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import FavoritosPage from './favoritos-page';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 8000 });

let api: RecordedApi;
let answer: (req: IncomingRecordedRequest) => RecordedReply;

beforeAll(async () => {
  api = await startRecordedApi((req) => answer(req));
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: api.url }) });
});

const signIn = () => usePortalStore.setState({ user: { name: 'Ana', apellido: 'Díaz', email: 'ana@example.com', token: 'tok' }, isLoggedIn: true });
const renderPage = () =>
  render(
    <MemoryRouter>
      <FavoritosPage />
    </MemoryRouter>,
  );

test('the account\'s price-drop emails: shown as they are, turned on with one click', async () => {
  signIn();
  answer = (req) => (req.method === 'GET' ? { body: { favoritos: [], avisosPrecio: false } } : { body: { avisosPrecio: (req.body as { avisosPrecio: boolean }).avisosPrecio } });
  renderPage();
  const toggle = await screen.findByRole('switch', { name: SAVED_MSG.avisosPrecio });
  expect(toggle).not.toBeChecked();
  fireEvent.click(toggle);
  await waitFor(() => expect(api.requests.map((r) => [r.method, r.path, r.body])).toEqual([['GET', '/favoritos', null], ['PATCH', '/favoritos', { avisosPrecio: true }]]));
  await waitFor(() => expect(toggle).toBeChecked());
});

test('a refusal puts the switch back and says why', async () => {
  signIn();
  answer = (req) => (req.method === 'GET' ? { body: { favoritos: [], avisosPrecio: true } } : { status: 500, body: { error: 'Error del servidor' } });
  renderPage();
  const toggle = await screen.findByRole('switch', { name: SAVED_MSG.avisosPrecio });
  expect(toggle).toBeChecked();
  fireEvent.click(toggle);
  expect(await screen.findByRole('alert')).toHaveTextContent('Error del servidor');
  expect(toggle).toBeChecked();
});

test('a visitor has no switch', async () => {
  answer = () => ({ status: 404, body: { error: 'no' } });
  renderPage();
  expect(await screen.findByText(SAVED_MSG.favoritosVacio)).toBeInTheDocument();
  expect(screen.queryByRole('switch')).toBeNull();
});
