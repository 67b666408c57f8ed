/** Email confirmation: sent automatically once (even under StrictMode), button, success and error. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from 'shared-contracts';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import ConfirmEmailPage from './confirm-email-page';

const api = setupPageSuite(4405);

const renderConfirm = () => renderPage(<ConfirmEmailPage />, { path: '/confirmEmail/:id/:token', url: '/confirmEmail/u-1/tok-1' });

test('confirms on load exactly once and shows the success view', async () => {
  api.on('POST /confirmEmail', { json: { message: MSG.emailConfirmed } });
  renderConfirm();
  expect(await screen.findByText(MSG.emailConfirmed)).toBeInTheDocument();
  // give a second (StrictMode) request time to arrive if there were one
  await new Promise((r) => setTimeout(r, 200));
  expect(api.requests.map((r) => r.body)).toEqual([{ id: 'u-1', token: 'tok-1' }]);
  await userEvent.setup().click(screen.getByRole('button', { name: MSG.backToLogin }));
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
});

test("failure shows the server's error text; the Confirm Email button sends again", async () => {
  api.on('POST /confirmEmail', { status: 400, json: { error: MSG.invalidOrExpiredLink } });
  renderConfirm();
  expect(screen.getByText(MSG.pleaseClickToConfirm)).toBeInTheDocument();
  expect(await screen.findByText(MSG.invalidOrExpiredLink)).toBeInTheDocument();
  api.on('POST /confirmEmail', { json: { message: MSG.emailConfirmed } });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm Email' }));
  expect(await screen.findByText(MSG.emailConfirmed)).toBeInTheDocument();
  await waitFor(() => expect(api.requests).toHaveLength(2));
});

test('issue 39: the link opened again says the email was already confirmed, as information, not as an error', async () => {
  api.on('POST /confirmEmail', { json: { message: MSG.emailYaConfirmado } });
  renderConfirm();
  expect(await screen.findByText(MSG.emailYaConfirmado)).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('alert')).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: MSG.backToLogin }));
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
});
