/**
 * The price-drop email's unsubscribe page (issue 39): opening the link posts its signed token once,
 * without a session, says what stopped and leads to Favoritos, where they can be turned on again;
 * a bad link gets the API's message.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAVED_MSG } from 'shared-contracts';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import BajaAvisosPrecioPage from './baja-avisos-precio-page';

const api = setupPageSuite(4431);
const USER = '11111111-1111-4111-8111-111111111111';
const render = (token: string) => renderPage(<BajaAvisosPrecioPage />, { path: '/bajaAvisosPrecio/:userId/:token', url: `/bajaAvisosPrecio/${USER}/${token}` });

test('the link stops the price-drop emails in one visit and leads to Favoritos', async () => {
  api.on(`POST /favoritos/baja/${USER}?token=abc_123-XY`, { json: { ok: true } });
  render('abc_123-XY');
  expect(await screen.findByText(SAVED_MSG.bajaAvisosPrecioHecha)).toBeInTheDocument();
  // once, even under StrictMode's double effects, and with no session
  expect(api.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([['POST', `/favoritos/baja/${USER}?token=abc_123-XY`, undefined]]);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Ir a Favoritos' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/favoritos');
});

test('a bad link shows why', async () => {
  api.on(`POST /favoritos/baja/${USER}?token=falso`, { status: 400, json: { error: SAVED_MSG.bajaAvisosPrecioInvalida } });
  render('falso');
  expect(await screen.findByText(SAVED_MSG.bajaAvisosPrecioInvalida)).toBeInTheDocument();
});
