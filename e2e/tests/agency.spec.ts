/**
 * Issue 46, agency accounts (docs/decisions/0042-agency-accounts.md), at 1280 and 390 px with the
 * real SMTP receiver: an account creates its agency on /miInmobiliaria, invites an agent by email;
 * the agent opens the emailed link logged out, is sent to log in and back, accepts, and is an
 * agent; the agent's listing shows among the agency's; the administrator removes the agent, keeps
 * the listing, opens its edit form and deletes it.
 */
import { test, expect, createConfirmedUser, loginAs } from '../support/fixtures';
import { waitForLink } from '../support/mailbox';
import { createListingOverApi, sitePath, submitLogin } from '../support/journey-steps';

test('create an agency, invite an agent, the agent accepts by the emailed link', async ({ page, browser }) => {
  const admin = await createConfirmedUser({ name: 'Lucía', apellido: 'Álvarez' });
  const agent = await createConfirmedUser({ name: 'Pedro', apellido: 'Santos' });
  const nombre = `Inmobiliaria Prueba ${Date.now().toString(36)}`;
  await loginAs(page, admin);
  await page.goto('/miInmobiliaria');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Mi inmobiliaria', level: 1 })).toBeVisible();

  // a bad phone is said in Spanish, nothing is created
  await main.getByLabel('Nombre de la inmobiliaria').fill(nombre);
  await main.getByLabel('Teléfono').fill('12');
  await main.getByLabel('Dirección de la oficina').fill('Av. Winston Churchill 25, Piantini');
  await main.getByLabel('Latitud').fill('18.4722');
  await main.getByLabel('Longitud').fill('-69.9394');
  await main.getByRole('button', { name: 'Crear inmobiliaria' }).click();
  await expect(main.getByRole('alert')).toContainText('Teléfono no válido');

  await main.getByLabel('Teléfono').fill('809-555-1234');
  await main.getByLabel('WhatsApp').fill('829-555-9876');
  await main.getByLabel('RNC (opcional)').fill('1-31-12345-6');
  await main.getByRole('button', { name: 'Crear inmobiliaria' }).click();
  await expect(main.getByText(`Administras ${nombre}.`)).toBeVisible();
  // the profile as stored: the phone in E.164
  await expect(main.getByLabel('Teléfono')).toHaveValue('+18095551234');
  await expect(main.getByRole('list', { name: 'Miembros' })).toContainText(admin.email);

  await main.getByLabel('Email del agente a invitar').fill(agent.email);
  await main.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Invitación enviada a' })).toContainText(agent.email);
  await expect(main.getByRole('list', { name: 'Invitaciones pendientes' })).toContainText(agent.email);

  // the agent, in a browser of their own, opens the emailed link logged out
  const link = await waitForLink(agent.email, '/aceptarInvitacion/');
  const agentContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const agentPage = await agentContext.newPage();
    await agentPage.goto(sitePath(link));
    const agentMain = agentPage.getByRole('main');
    await expect(agentMain.getByText('Para aceptar la invitación')).toBeVisible();
    await agentMain.getByRole('link', { name: 'inicia sesión' }).click();
    await submitLogin(agentPage, agent.email, agent.password);
    // back on the invitation after the login
    await expect(agentPage).toHaveURL(new RegExp(`${sitePath(link)}$`));
    await agentMain.getByRole('button', { name: 'Aceptar invitación' }).click();
    await expect(agentMain.getByRole('status')).toContainText(`Ya formas parte de ${nombre}`);
    await agentMain.getByRole('link', { name: 'Ver mi inmobiliaria' }).click();
    await expect(agentMain.getByText(`de ${nombre}: tus anuncios se publican a nombre de la inmobiliaria`)).toBeVisible();
    // the link is single-use
    await agentPage.goto(sitePath(link));
    await agentMain.getByRole('button', { name: 'Aceptar invitación' }).click();
    await expect(agentMain.getByRole('alert')).toContainText('Esta invitación ya se usó');
  } finally {
    await agentContext.close();
  }

  // the agent publishes: the administrator sees it among the agency's listings and may edit it
  const titulo = `Apartamento del agente ${Date.now().toString(36)}`;
  await createListingOverApi(agent, titulo);
  await page.reload();
  const listings = main.getByRole('list', { name: 'Anuncios de la inmobiliaria' });
  await expect(listings).toContainText(titulo);
  await expect(listings).toContainText('Pedro Santos');

  // the administrator sees the agent among the members, and removes them; the listing stays
  const members = main.getByRole('list', { name: 'Miembros' });
  await expect(members).toContainText(agent.email);
  await members.getByRole('button', { name: 'Quitar a Pedro Santos' }).click();
  await page.getByRole('button', { name: 'Quitar', exact: true }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Agente quitado' })).toBeVisible();
  await expect(members).not.toContainText(agent.email);
  await page.reload();
  await expect(listings).toContainText(titulo);
  await listings.getByRole('link', { name: `Editar ${titulo}` }).click();
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();
  await expect(page.getByLabel('Título')).toHaveValue(titulo);

  // and deletes it from the agency's list
  await page.goto('/miInmobiliaria');
  await listings.getByRole('button', { name: `Borrar ${titulo}` }).click();
  await page.getByRole('button', { name: 'Borrar', exact: true }).click();
  await expect(main.getByText('La inmobiliaria aún no tiene anuncios.')).toBeVisible();
});
