/** Reset password: the entered password is sent as newPassword; Enviar disabled once submitted. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from 'shared-contracts';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import ResetPasswordPage from './reset-password-page';

const api = setupPageSuite(4404);

const renderReset = () => renderPage(<ResetPasswordPage />, { path: '/resetPassword/:id/:token', url: '/resetPassword/u-1/tok-9' });

function fill(newPassword: string, repeatPassword: string) {
  fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText('Confirmar Contraseña'), { target: { value: repeatPassword } });
}

test('complexity rules and the mismatch apply to the new password', async () => {
  renderReset();
  fill('abcdefg1', 'otra');
  expect(await screen.findByText(`No ${MSG.incluyeMayuscula}`)).toBeInTheDocument();
  expect(await screen.findByText(MSG.passwordsDidNotMatch)).toBeInTheDocument();
});

test('sends the entered password as newPassword, disables Enviar, then shows success', async () => {
  api.on('POST /reset-password', { json: { message: MSG.passwordChanged }, delayMs: 300 });
  renderReset();
  fill('Nueva123!', 'Nueva123!');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar' }));
  await waitFor(() => expect(screen.getByRole('button', { name: /Enviar/ })).toBeDisabled());
  expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
  expect(api.requests.map((r) => r.body)).toEqual([{ id: 'u-1', token: 'tok-9', newPassword: 'Nueva123!' }]);
  await userEvent.setup().click(screen.getByRole('button', { name: MSG.backToLogin }));
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
});

test("failure shows the server's error text and Enviar stays disabled", async () => {
  api.on('POST /reset-password', { status: 400, json: { error: MSG.invalidOrExpiredLink } });
  renderReset();
  fill('Nueva123!', 'Nueva123!');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await screen.findByText(MSG.invalidOrExpiredLink)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
});

test('issue 39: a link already used says so (not an error) and offers a new link', async () => {
  api.on('POST /reset-password', { status: 409, json: { error: MSG.enlaceResetUsado } });
  renderReset();
  fill('Nueva123!', 'Nueva123!');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await screen.findByText(MSG.enlaceResetUsado)).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByText(MSG.passwordChanged)).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Pedir un enlace nuevo' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/forgotPassword');
});
