/** Forgot password and confirmation-link request: email rules, sent views, Back to Login. */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from 'shared-contracts';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import ForgotPasswordPage from './forgot-password-page';
import RequestEmailConfirmationPage from './request-email-confirmation-page';

const api = setupPageSuite(4403);

test('forgot password: invalid email, then sent view and Back to Login', async () => {
  api.on('POST /forgot-password', { json: { message: MSG.resetLinkSent } });
  renderPage(<ForgotPasswordPage />, { path: '/forgotPassword', url: '/forgotPassword' });
  const email = screen.getByLabelText('Email');
  fireEvent.change(email, { target: { value: 'ana' } });
  expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument();
  fireEvent.change(email, { target: { value: 'Ana@Example.com' } });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await screen.findByText(MSG.resetLinkSent)).toBeInTheDocument();
  expect(api.requests.map((r) => r.body)).toEqual([{ email: 'ana@example.com' }]);
  await userEvent.setup().click(screen.getByRole('button', { name: MSG.backToLogin }));
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
});

test('request link: the SPEC label, its stricter email rule, then the sent view', async () => {
  api.on('POST /get-email-confirmation-link', { json: { message: MSG.confirmLinkSent } });
  renderPage(<RequestEmailConfirmationPage />, { path: '/requestEmailConfirmation', url: '/requestEmailConfirmation' });
  const email = screen.getByLabelText(MSG.confirmLinkLabel);
  // passes the sign-up rule (non-space @ non-space) but not this one (no second @)
  fireEvent.change(email, { target: { value: 'ana@x@example.com' } });
  expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument();
  fireEvent.change(email, { target: { value: 'ana@example.com' } });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await screen.findByText(MSG.confirmLinkSent)).toBeInTheDocument();
  expect(api.requests.map((r) => r.body)).toEqual([{ email: 'ana@example.com' }]);
  await userEvent.setup().click(screen.getByRole('button', { name: MSG.backToLogin }));
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
});
