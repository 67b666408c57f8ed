/** Login: lowercased email, stored user, server error on the password field, the confirm prompt. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, USER_STORAGE_KEY, type User } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import LoginPage from './login-page';

const api = setupPageSuite(4402);

const USER: User = { _id: 'u1', name: 'Ana', apellido: 'Pérez', email: 'ana@example.com', token: 'header.payload.sig', miPlan: 5 };

async function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Inicia Sesión' }));
}

test('invalid email is refused before any call', async () => {
  renderPage(<LoginPage />, { path: '/login', url: '/login' });
  await submit('ana.example.com', 'x');
  expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument();
  expect(api.requests).toHaveLength(0);
});

test('success sends the lowercased email, stores the user and goes home', async () => {
  api.on('POST /api/user/login', { json: USER });
  renderPage(<LoginPage />, { path: '/login', url: '/login' });
  await submit('Ana@Example.com', 'Secreta1!');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  expect(api.requests[0].body).toEqual({ email: 'ana@example.com', password: 'Secreta1!' });
  expect(usePortalStore.getState().user).toEqual(USER);
  expect(usePortalStore.getState().isLoggedIn).toBe(true);
  expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(USER);
});

test("a failure shows the server's text on the password field, without the confirm prompt", async () => {
  api.on('POST /api/user/login', { status: 401, json: { error: MSG.invalidCredentials } });
  renderPage(<LoginPage />, { path: '/login', url: '/login' });
  await submit('ana@example.com', 'wrong');
  const message = await screen.findByText(MSG.invalidCredentials);
  expect(message.closest('.ant-form-item')?.querySelector('#password')).not.toBeNull();
  expect(screen.queryByText(MSG.noTienesLink)).toBeNull();
  expect(usePortalStore.getState().isLoggedIn).toBe(false);
});

test("exactly 'Please confirm your email address first' adds the prompt leading to /requestEmailConfirmation", async () => {
  api.on('POST /api/user/login', { status: 403, json: { error: MSG.confirmEmailFirst } });
  renderPage(<LoginPage />, { path: '/login', url: '/login' });
  await submit('ana@example.com', 'Secreta1!');
  expect(await screen.findByText(MSG.confirmEmailFirst)).toBeInTheDocument();
  expect(screen.getByText(MSG.noTienesLink)).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Confirma Email' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/requestEmailConfirmation');
});

test('links to sign-up and to Cambiar Contraseña', async () => {
  renderPage(<LoginPage />, { path: '/login', url: '/login' });
  expect(screen.getByRole('link', { name: 'Registrate' })).toHaveAttribute('href', '/signup');
  expect(screen.getByRole('link', { name: 'Cambiar Contraseña' })).toHaveAttribute('href', '/forgotPassword');
});
