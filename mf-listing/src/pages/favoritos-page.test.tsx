/**
 * /favoritos against a recorded API over real HTTP (web-runtime/testing): a favourite that
 * moderation hid or whose owner was blocked comes without its card (issue 40) and is shown as no
 * longer available, apart from one that is gone; a sold one keeps its greyed card.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'web-runtime/router';
import { makeAnuncio, startRecordedApi, type RecordedApi } from 'web-runtime/testing';
import { ESTADO_LABELS, SAVED_MSG, parseRuntimeConfig, type FavoritosResponse } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import FavoritosPage from './favoritos-page';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ exp: 2e9 })}.sig`;

let api: RecordedApi;
const answer: FavoritosResponse = {
  favoritos: [
    { anuncioId: 'retenido', createdAt: '2026-11-27T10:00:00.000Z', anuncio: null, disponible: false },
    { anuncioId: 'borrado', createdAt: '2026-11-26T10:00:00.000Z', anuncio: null },
    { anuncioId: 'vendido', createdAt: '2026-11-25T10:00:00.000Z', anuncio: makeAnuncio({ _id: 'vendido', title: 'Casa vendida en Naco', estado: 'vendido' }) },
  ],
  avisosPrecio: true,
};

beforeAll(async () => {
  api = await startRecordedApi((req) => (req.path === '/favoritos' ? { body: answer } : { status: 404, body: { error: 'no' } }));
});
afterAll(() => api.close());
beforeEach(() => {
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: api.url }) });
  usePortalStore.getState().login({ name: 'Ana', apellido: 'Díaz', email: 'ana@example.com', token: TOKEN });
});

test('a hidden favourite says it is no longer available, with its heart and nothing of the listing; a gone one says so apart', async () => {
  render(
    <MemoryRouter>
      <FavoritosPage />
    </MemoryRouter>,
  );
  const unavailable = await screen.findByText(SAVED_MSG.anuncioNoDisponible);
  expect(unavailable.closest('article')?.querySelector("button[aria-label]")).not.toBeNull();
  expect(screen.getByText(SAVED_MSG.anuncioYaNoExiste)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Casa vendida en Naco' })).toBeInTheDocument();
  expect(screen.getByText(ESTADO_LABELS.vendido)).toBeInTheDocument();
  // one card only: the sold listing's
  expect(document.querySelectorAll('.anuncio-card')).toHaveLength(1);
});
