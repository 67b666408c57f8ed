/**
 * The user's own listings are asked once per change (issue 24: "own listings loaded twice on one
 * change"): after a publish the shell (following listingsVersion) and /misAnuncios (asking again
 * on mount) want them at the same moment, and share one request. Both are the one query of
 * web-runtime/store (useMisAnunciosQuery), rendered here as the shell and the screen render it.
 */
import { StrictMode } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { parseRuntimeConfig, type MisAnunciosResponse } from 'shared-contracts';
import { startRecordedApi, makeAnuncio, type RecordedApi } from '../testing';
import { useMisAnunciosQuery, usePortalStore } from './index';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ exp: 2e9 })}.sig`;

let api: RecordedApi;
let answered = 0;
let status = 200;
beforeAll(async () => {
  api = await startRecordedApi(() => {
    answered++;
    if (status !== 200) return { status, body: { error: 'No autorizado' } };
    const body: MisAnunciosResponse = { listaDeTodos: [makeAnuncio({ _id: `a${answered}` })], canitdadDeAnunciosDisponibles: 5 - answered };
    // Each answer quicker than the one before: the first request sent is the last answered.
    return { body, delayMs: Math.max(20, 300 - answered * 100) };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  answered = 0;
  status = 200;
  usePortalStore.getState().setConfig(parseRuntimeConfig({ apiBaseUrl: api.url }));
  usePortalStore.getState().login({ name: 'Ana', apellido: 'Díaz', email: 'ana@example.com', token: TOKEN });
});

const misAnunciosCalls = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/misAnuncios').length;
const ids = () => usePortalStore.getState().misAnuncios.map((a) => a._id);
const settle = () => act(() => new Promise((r) => setTimeout(r, 400)));

let reload: () => Promise<void> = async () => undefined;
function Shell() {
  useMisAnunciosQuery();
  return null;
}
function Screen() {
  reload = useMisAnunciosQuery({ fresh: true }).refetch;
  return null;
}

test('the shell and the screen shown together after one change make one request and both see its answer', async () => {
  const { rerender } = render(<Shell />);
  await waitFor(() => expect(ids()).toEqual(['a1']));
  act(() => usePortalStore.getState().refreshListings());
  // the publish bumped the version and opened /misAnuncios at once
  rerender(
    <>
      <Shell />
      <Screen />
    </>,
  );
  await waitFor(() => expect(ids()).toEqual(['a2']));
  await settle();
  expect(misAnunciosCalls()).toBe(2);
  expect(usePortalStore.getState().anunciosDisponibles).toBe(3);
});

test('under StrictMode (effects twice) the screen still asks once', async () => {
  render(
    <StrictMode>
      <Screen />
    </StrictMode>,
  );
  await waitFor(() => expect(ids()).toEqual(['a1']));
  await settle();
  expect(misAnunciosCalls()).toBe(1);
});

test('a newer change aborts the request sent before it, whose answer never lands', async () => {
  render(<Shell />);
  await waitFor(() => expect(misAnunciosCalls()).toBe(1));
  act(() => usePortalStore.getState().refreshListings());
  await settle();
  expect(misAnunciosCalls()).toBe(2);
  // the first request (answered last) was for the older version
  expect(ids()).toEqual(['a2']);
});

test('a reload after the screen\'s own change (a delete) sends its own request, and its answer is the one kept', async () => {
  render(<Screen />);
  await waitFor(() => expect(misAnunciosCalls()).toBe(1));
  await act(() => reload());
  await settle();
  expect(misAnunciosCalls()).toBe(2);
  expect(ids()).toEqual(['a2']);
});

test('the screen opened again once the shell has them asks again (their figures change meanwhile)', async () => {
  const { rerender } = render(<Shell />);
  await waitFor(() => expect(ids()).toEqual(['a1']));
  rerender(
    <>
      <Shell />
      <Screen />
    </>,
  );
  await waitFor(() => expect(ids()).toEqual(['a2']));
  expect(misAnunciosCalls()).toBe(2);
});

test('a 401 ends the session', async () => {
  status = 401;
  render(<Shell />);
  await waitFor(() => expect(usePortalStore.getState().isLoggedIn).toBe(false));
});
