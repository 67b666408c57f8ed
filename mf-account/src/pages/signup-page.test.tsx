/** Sign-up: every SPEC §5 message, the wire body, success and failure against a real HTTP server. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHOSEN_PLAN_STORAGE_KEY, MSG } from 'shared-contracts';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import SignupPage from './signup-page';

const api = setupPageSuite(4401);

const renderSignup = () => renderPage(<SignupPage />, { path: '/signup', url: '/signup' });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Ana');
  await user.type(screen.getByLabelText('Apellido'), 'Pérez');
  await user.type(screen.getByLabelText('Email'), ' Ana@Example.COM ');
  await user.type(screen.getByLabelText('Contraseña'), 'Secreta1!');
  await user.type(screen.getByLabelText('Confirmar Contraseña'), 'Secreta1!');
}

test('name, apellido and email messages', async () => {
  const user = userEvent.setup({ delay: null });
  renderSignup();
  await user.type(screen.getByLabelText('Nombre'), 'A');
  await user.type(screen.getByLabelText('Apellido'), 'B');
  await user.type(screen.getByLabelText('Email'), 'ana example.com');
  expect(await screen.findByText(MSG.nameMin)).toBeInTheDocument();
  expect(await screen.findByText(MSG.apellidoMin)).toBeInTheDocument();
  expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument();
});

test('password rules are reported in order: number, lowercase, uppercase, symbol, 8 characters; then the mismatch', async () => {
  const user = userEvent.setup({ delay: null });
  renderSignup();
  const password = screen.getByLabelText('Contraseña');
  for (const [value, message] of [
    ['abcdefgh', `No ${MSG.incluyeNumero}`],
    ['ABCDEFG1', `No ${MSG.incluyeMinuscula}`],
    ['abcdefg1', `No ${MSG.incluyeMayuscula}`],
    ['Abcdefg1', `No ${MSG.incluyeSimbolo}`],
    ['Abcd1!x', `No ${MSG.incluyeOchoCaracteres}`],
  ]) {
    await user.clear(password);
    await user.type(password, value);
    expect(await screen.findByText(message)).toBeInTheDocument();
  }
  await user.clear(password);
  await user.type(password, 'Abcdefg1!');
  await waitFor(() => expect(screen.queryByText(/^No Incluye/)).toBeNull());
  await user.type(screen.getByLabelText('Confirmar Contraseña'), 'Abcdefg1?');
  expect(await screen.findByText(MSG.passwordsDidNotMatch)).toBeInTheDocument();
});

test('submitting an empty form shows the messages and sends nothing', async () => {
  const user = userEvent.setup({ delay: null });
  renderSignup();
  await user.click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await screen.findByText(MSG.nameMin)).toBeInTheDocument();
  expect(screen.getByText(`No ${MSG.incluyeNumero}`)).toBeInTheDocument();
  expect(api.requests).toHaveLength(0);
});

test('success sends the SPEC body and replaces the form with the confirmation view', async () => {
  api.on('POST /api/user/signup', { status: 201, json: { message: MSG.revisarCorreo } });
  const user = userEvent.setup({ delay: null });
  renderSignup();
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await screen.findByText(MSG.registroExitoso)).toBeInTheDocument();
  expect(screen.getByText(MSG.revisarCorreo)).toBeInTheDocument();
  expect(api.requests).toHaveLength(1);
  expect(api.requests[0].body).toEqual({ name: 'Ana', apellido: 'Pérez', email: 'ana@example.com', password: 'Secreta1!' });
  await user.click(screen.getByRole('button', { name: 'Inicia Sesión' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
});

test("failure shows the server's error text and keeps the form", async () => {
  api.on('POST /api/user/signup', { status: 409, json: { error: MSG.emailTaken } });
  const user = userEvent.setup({ delay: null });
  renderSignup();
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await screen.findByText(MSG.emailTaken)).toBeInTheDocument();
  expect(screen.getByLabelText('Nombre')).toBeInTheDocument();
});

test('shows the plan chosen on the plans page, and links to /login', async () => {
  window.localStorage.setItem(CHOSEN_PLAN_STORAGE_KEY, '5');
  const user = userEvent.setup({ delay: null });
  renderSignup();
  expect(screen.getByTestId('chosen-plan')).toHaveTextContent('Plan elegido: Gratis');
  await user.click(screen.getByRole('link', { name: 'Ya tengo una cuenta' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
});
