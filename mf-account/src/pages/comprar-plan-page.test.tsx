/** Plans: the four SPEC §9 cards, the current plan highlighted, visitor choice, purchase states. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHOSEN_PLAN_STORAGE_KEY, MSG, PLANS, parseRuntimeConfig } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { renderPage } from '../test-support/render-page';
import { setupPageSuite } from '../test-support/page-suite';
import ComprarPlanPage from './comprar-plan-page';

const api = setupPageSuite(4406);

const renderPlans = () => renderPage(<ComprarPlanPage />, { path: '/comprarPlanPage', url: '/comprarPlanPage' });
const card = (name: string) => screen.getByRole('region', { name });
const loginAs = (miPlan: number) =>
  usePortalStore.getState().login({ name: 'Ana', apellido: 'Pérez', email: 'ana@example.com', token: 't0k', miPlan });

test('four cards with the SPEC texts; paid plans disabled with Proximamente', () => {
  renderPlans();
  expect(screen.getAllByRole('region')).toHaveLength(4);
  for (const plan of PLANS) {
    const c = card(plan.name);
    expect(within(c).getByText(plan.price)).toBeInTheDocument();
    for (const b of plan.benefits) expect(within(c).getByText(b)).toBeInTheDocument();
    expect(within(c).getByText('Cada anuncio visible 90 días, renovable')).toBeInTheDocument();
    if (!plan.selectable) expect(within(c).getByRole('button', { name: MSG.proximamente })).toBeDisabled();
  }
  expect(within(card('Basico')).getByText('3 anuncios')).toBeInTheDocument();
  expect(within(card('Super')).getByText('US$30.00')).toBeInTheDocument();
});

test('issue 39: every card says how long a listing shows (LISTING_TTL_DAYS from the config) and that it is renewed, never "indefinida"', () => {
  usePortalStore.getState().setConfig(parseRuntimeConfig({ apiBaseUrl: api.url, listingTtlDays: 45 }));
  renderPlans();
  for (const plan of PLANS) expect(within(card(plan.name)).getByText('Cada anuncio visible 45 días, renovable')).toBeInTheDocument();
  expect(screen.queryByText(/indefinid/i)).toBeNull();
});

test("the card whose count equals the user's plan is highlighted", () => {
  loginAs(20);
  renderPlans();
  expect(card('Super')).toHaveAttribute('data-current', 'true');
  expect(within(card('Super')).getByText('Tu plan actual')).toBeInTheDocument();
  for (const name of ['Gratis', 'Individual', 'Basico']) expect(card(name)).toHaveAttribute('data-current', 'false');
});

test('a visitor choosing a plan has it remembered and goes to /signup', async () => {
  renderPlans();
  await userEvent.setup().click(within(card('Gratis')).getByRole('button', { name: 'Elegir' }));
  expect(window.localStorage.getItem(CHOSEN_PLAN_STORAGE_KEY)).toBe('5');
  expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  expect(api.requests).toHaveLength(0);
});

test('a purchase: loading ignores clicks, then success, button disabled, listings reloaded', async () => {
  api.on('POST /comprarPlan', { json: { miPlan: 5, message: MSG.compraExitosa }, delayMs: 400 });
  loginAs(1);
  renderPlans();
  const user = userEvent.setup();
  const buy = within(card('Gratis')).getByRole('button', { name: 'Comprar' });
  await user.click(buy);
  await waitFor(() => expect(buy).toHaveClass('ant-btn-loading'));
  await user.click(buy);
  expect(await screen.findByText(MSG.compraExitosa)).toBeInTheDocument();
  expect(api.requests).toHaveLength(1);
  expect(api.requests[0].body).toEqual({ canitdadDeAnuncios: 5 });
  expect(api.requests[0].headers.authorization).toBe('Bearer t0k');
  expect(within(card('Gratis')).getByRole('button', { name: 'Comprar' })).toBeDisabled();
  expect(usePortalStore.getState().listingsVersion).toBe(1);
  expect(card('Gratis')).toHaveAttribute('data-current', 'true');
  await user.click(screen.getByRole('button', { name: 'Agregar Anuncio' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/agregarAnuncio');
});

test("a failed purchase shows the server's error text under the cards", async () => {
  api.on('POST /comprarPlan', { status: 400, json: { error: MSG.invalidPlan } });
  loginAs(5);
  renderPlans();
  await userEvent.setup().click(within(card('Gratis')).getByRole('button', { name: 'Comprar' }));
  expect(await screen.findByText(MSG.invalidPlan)).toBeInTheDocument();
  expect(screen.queryByText(MSG.compraExitosa)).toBeNull();
  expect(within(card('Gratis')).getByRole('button', { name: 'Comprar' })).toBeEnabled();
  expect(usePortalStore.getState().listingsVersion).toBe(0);
});
