/** The reminder email's renew link page (issue 20): renewed, already renewed (issue 39), or not valid. */
import { configure, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'web-runtime/router';
import { MSG, type Anuncio } from 'shared-contracts';
import RenovarAnuncioPage from './renovar-anuncio-page';
import { setSession, startRecordedApi, type RecordedAnswer } from '../test-support/recorded-api';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 10_000 });
beforeEach(() => {
  // real network answers land outside act(); the tests wait for what the user sees instead
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  setSession(null);
});

const renewed = { _id: 'a1', title: 'Villa en Jarabacoa', estado: 'activo', expiresAt: '2027-02-25T12:00:00.000Z' } as Partial<Anuncio>;
let answer: RecordedAnswer;
let api: Awaited<ReturnType<typeof startRecordedApi>>;
beforeAll(async () => {
  api = await startRecordedApi({ 'POST /anuncio/a1/renovar': () => answer });
});
afterAll(() => api.close());

const open = () =>
  render(
    <MemoryRouter initialEntries={['/renovarAnuncio/a1/periodo-firma']}>
      <Routes>
        <Route path="/renovarAnuncio/:anuncioId/:token" element={<RenovarAnuncioPage />} />
      </Routes>
    </MemoryRouter>,
  );

test('the first click renews: success with the new expiry', async () => {
  answer = { json: renewed };
  open();
  expect(await screen.findByText(MSG.anuncioRenovado)).toHaveAttribute('role', 'status');
  expect(api.requests.at(-1)?.body).toBe(JSON.stringify({ token: 'periodo-firma' }));
});

test('issue 39: the link opened again says it already renewed the listing, not an error', async () => {
  answer = { json: { ...renewed, yaRenovado: true } };
  open();
  expect(await screen.findByText(MSG.anuncioYaRenovado)).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText(/Villa en Jarabacoa/)).toBeInTheDocument();
});

test('a link that is not valid says so', async () => {
  answer = { status: 400, json: { error: MSG.invalidOrExpiredLink } };
  // the page notes the failure in the console (the test provokes it)
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  open();
  expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidOrExpiredLink);
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});
