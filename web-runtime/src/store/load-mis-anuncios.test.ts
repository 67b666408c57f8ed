/**
 * The user's own listings are asked once per change (issue 24: "own listings loaded twice on one
 * change"): after a publish the shell (following listingsVersion) and /misAnuncios (loading on
 * mount) ask at the same moment, and share one request.
 */
import { createApiClient, type MisAnunciosResponse } from 'shared-contracts';
import { startRecordedApi, makeAnuncio, type RecordedApi } from '../testing';
import { loadMisAnuncios, usePortalStore } from './index';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ exp: 2e9 })}.sig`;

let api: RecordedApi;
let answered = 0;
beforeAll(async () => {
  api = await startRecordedApi(() => {
    answered++;
    const body: MisAnunciosResponse = { listaDeTodos: [makeAnuncio({ _id: `a${answered}` })], canitdadDeAnunciosDisponibles: 5 - answered };
    // Each answer quicker than the one before: the first request sent is the last answered.
    return { body, delayMs: Math.max(20, 300 - answered * 100) };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  answered = 0;
  localStorage.clear();
  usePortalStore.getState().logout();
  usePortalStore.getState().login({ name: 'Ana', apellido: 'Díaz', email: 'ana@example.com', token: TOKEN });
});
afterEach(() => usePortalStore.getState().logout());

const misAnunciosCalls = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/misAnuncios').length;

test('two loads asked together after one change make one request and both see its answer', async () => {
  const client = createApiClient({ baseUrl: api.url });
  usePortalStore.getState().refreshListings();
  const [shell, screen] = await Promise.all([loadMisAnuncios(client), loadMisAnuncios(client)]);
  expect([shell, screen]).toEqual(['ok', 'ok']);
  expect(misAnunciosCalls()).toBe(1);
  expect(usePortalStore.getState().misAnuncios.map((a) => a._id)).toEqual(['a1']);
  expect(usePortalStore.getState().anunciosDisponibles).toBe(4);
});

test('a load after a newer change does not take the answer of a request sent before it, nor is overwritten by it', async () => {
  const client = createApiClient({ baseUrl: api.url });
  const before = loadMisAnuncios(client);
  usePortalStore.getState().refreshListings();
  const after = loadMisAnuncios(client);
  await Promise.all([before, after]);
  expect(misAnunciosCalls()).toBe(2);
  expect(usePortalStore.getState().misAnuncios.map((a) => a._id)).toEqual(['a2']);
});

test('a fresh load (a screen reloading after its own delete) sends its own request', async () => {
  const client = createApiClient({ baseUrl: api.url });
  const mount = loadMisAnuncios(client);
  const reload = loadMisAnuncios(client, { fresh: true });
  await Promise.all([mount, reload]);
  expect(misAnunciosCalls()).toBe(2);
});

test('once a request has answered, the next load asks again', async () => {
  const client = createApiClient({ baseUrl: api.url });
  await loadMisAnuncios(client);
  await loadMisAnuncios(client);
  expect(misAnunciosCalls()).toBe(2);
  expect(usePortalStore.getState().misAnuncios.map((a) => a._id)).toEqual(['a2']);
});
