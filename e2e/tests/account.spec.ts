/**
 * mf-account journeys on the combined site, with the real SMTP receiver: sign-up, the emailed
 * confirmation link, login (before and after confirming), logout, forgot and reset password,
 * and the plans page as visitor and as user. Runs at 1280 px and 390 px (the two projects).
 */
import { test, expect, createConfirmedUser, loginAs, uniqueEmail } from '../support/fixtures';
import { waitForLink } from '../support/mailbox';
import { isPhone, navigate, resetPasswordByEmail, sitePath, startSignup, submitLogin } from '../support/journey-steps';

test('sign up, confirm by email, log in, log out, reset the password, log in with it', async ({ page, viewport }) => {
  const email = uniqueEmail('acct');
  const main = page.getByRole('main');

  await page.goto('/signup');
  const { password, strength } = await startSignup(page, { name: 'Marta', apellido: 'Gómez', email }, 'abc');
  await expect(strength).toContainText('Fuerza: 20%');
  await password.fill('Primera1!');
  await expect(strength).toContainText('Fuerza: 100%');
  await main.getByLabel('Confirmar Contraseña').click();
  await expect(strength).toBeHidden();
  await main.getByLabel('Confirmar Contraseña').fill('Primera1!');
  await main.getByRole('button', { name: 'Enviar' }).click();
  await expect(main.getByText('Registro Exitoso')).toBeVisible();
  await expect(main.getByText('Por favor, revisar su correo y dar click en el link enviado!')).toBeVisible();

  // Before confirming: the server's text on the password field and the confirm-email prompt.
  await page.goto('/login');
  await submitLogin(page, email.toUpperCase(), 'Primera1!');
  await expect(main.getByText('Please confirm your email address first')).toBeVisible();
  await expect(main.getByText('No tienes el link para confirmar tu Email?')).toBeVisible();
  await main.getByRole('button', { name: 'Confirma Email' }).click();
  await expect(page).toHaveURL(/\/requestEmailConfirmation$/);

  const confirmLink = await waitForLink(email, '/confirmEmail/');
  await page.goto(sitePath(confirmLink));
  await expect(main.getByText('Your Email has been confirmed. Please login again.')).toBeVisible();
  await main.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, email, 'Primera1!');
  await expect(page).toHaveURL(/\/$/);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}').email).toBe(email);

  await navigate(page, viewport, 'SALIR', 'Salir');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  await page.goto('/forgotPassword');
  await resetPasswordByEmail(page, email, 'Segunda2?');

  await submitLogin(page, email, 'Primera1!');
  await expect(main.getByText('Email o contraseña incorrectos')).toBeVisible();
  await submitLogin(page, email, 'Segunda2?');
  await expect(page).toHaveURL(/\/$/);
});

test('plans as a visitor: paid plans coming soon, the choice remembered through sign-up', async ({ page, viewport }) => {
  await page.goto('/comprarPlanPage');
  const main = page.getByRole('main');
  for (const name of ['Individual', 'Basico', 'Super']) {
    await expect(main.getByRole('region', { name }).getByRole('button', { name: 'Proximamente' })).toBeDisabled();
  }
  const [gratis, super_] = [main.getByRole('region', { name: 'Gratis' }), main.getByRole('region', { name: 'Super' })];
  const [a, b] = [await gratis.boundingBox(), await super_.boundingBox()];
  if (isPhone(viewport)) expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1); // stacked
  else expect(Math.abs(b!.y - a!.y)).toBeLessThan(2); // side by side
  await gratis.getByRole('button', { name: 'Elegir' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(main.getByText('Plan elegido: Gratis')).toBeVisible();
});

test('plans as a user: current plan highlighted, purchase, then Agregar Anuncio', async ({ page }) => {
  const user = await createConfirmedUser({ name: 'Pedro' });
  await loginAs(page, user);
  await page.goto('/comprarPlanPage');
  const main = page.getByRole('main');
  const gratis = main.getByRole('region', { name: 'Gratis' });
  await expect(gratis).toHaveAttribute('data-current', 'true');
  await expect(gratis.getByText('Tu plan actual')).toBeVisible();
  await gratis.getByRole('button', { name: 'Comprar' }).click();
  await expect(main.getByText('Has comprado con exito!!')).toBeVisible();
  await expect(gratis.getByRole('button', { name: 'Comprar' })).toBeDisabled();
  await main.getByRole('button', { name: 'Agregar Anuncio' }).click();
  await expect(page).toHaveURL(/\/agregarAnuncio$/);
});
