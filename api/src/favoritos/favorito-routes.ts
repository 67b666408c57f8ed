/**
 * Issue 22: a signed-in user's favourites, `GET /favoritos`, `PUT` and `DELETE /favoritos/{anuncioId}`.
 * Issue 39: their price-drop emails, on or off with `PATCH /favoritos {avisosPrecio}` (session) or
 * off with the email's one-click `POST /favoritos/baja/{userId}?token=…` (no session; RFC 8058).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SAVED_MSG, isModerated, type Favorito, type FavoritosResponse } from 'shared-contracts';
import { favoritosPatchSchema } from 'shared-contracts/schemas';
import { favoritosResponseSchema, okSchema } from 'shared-contracts/responses';
import type { AnuncioRow } from '../db/schema';
import { HttpError } from '../http-error';
import { bearer, errors, refusedAs } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { toAnuncio } from '../anuncios/serialize';
import { acceptOneClickForms, isValidPriceAlertsToken } from '../busquedas/unsubscribe-link';
import { FavoritosLimitError, addFavorito, listFavoritos, listingExists, priceAlertsOn, removeFavorito, setPriceAlerts } from './repository';

/**
 * What a favourite shows of its listing: the card in the owner's statuses (active, paused, sold,
 * expired: the page greys it with its status), nothing once it is gone (a partner listing gone
 * from its feed is gone for the visitor too), and nothing either while moderation hides it or its
 * owner is blocked (issue 40: the list must not show what the detail hides), then marked
 * `disponible: false` so the page can say so.
 */
function listingOf(row: AnuncioRow | null, apiUrl: string): Pick<Favorito, 'anuncio' | 'disponible'> {
  if (!row || row.status !== 'published') return { anuncio: null };
  if (isModerated(row.estado) || row.bloqueado) return { anuncio: null, disponible: false };
  return { anuncio: toAnuncio(row, apiUrl) };
}

const tags = ['Favoritos'];
const own = { tags, security: bearer };
const anuncioParams = z.object({ anuncioId: z.string() });
const bajaSchema = {
  tags,
  params: z.object({ userId: z.string() }),
  querystring: z.object({ token: z.string().optional() }),
  response: { 200: okSchema, ...errors(400) },
};

export default async function favoritoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, clock } = app;
  const idOf = (raw: string) => {
    if (!isUuid(raw)) throw new HttpError(404, SAVED_MSG.anuncioNoEncontrado);
    return raw.toLowerCase();
  };
  acceptOneClickForms(app);

  app.get('/favoritos', { preValidation: app.authenticate, exposeHeadRoute: false, schema: { ...own, response: { 200: favoritosResponseSchema, ...errors(401) } } }, async (request): Promise<FavoritosResponse> => {
    const rows = await listFavoritos(db, request.user!.id);
    return {
      favoritos: rows.map(({ anuncioId, createdAt, row }) => ({ anuncioId, createdAt: createdAt.toISOString(), ...listingOf(row, config.photosBaseUrl) })),
      avisosPrecio: await priceAlertsOn(db, request.user!.id),
    };
  });

  const patchSchema = { ...own, body: favoritosPatchSchema, response: { 200: favoritosPatchSchema, ...errors(401) } };
  app.patch('/favoritos', { preValidation: app.authenticate, schema: patchSchema }, async (request) => {
    const { avisosPrecio } = request.body;
    await setPriceAlerts(db, request.user!.id, avisosPrecio, new Date(clock.now()));
    return { avisosPrecio };
  });

  const putSchema = { ...own, params: anuncioParams, response: { 200: okSchema, ...errors(401, 404, 409) } };
  app.put('/favoritos/:anuncioId', { preValidation: app.authenticate, schema: putSchema }, async (request) => {
    const anuncioId = idOf(request.params.anuncioId);
    if (!(await listingExists(db, anuncioId))) throw new HttpError(404, SAVED_MSG.anuncioNoEncontrado);
    try {
      await addFavorito(db, request.user!.id, anuncioId, new Date(clock.now()));
    } catch (err) {
      if (err instanceof FavoritosLimitError) throw new HttpError(409, SAVED_MSG.favoritosLimit);
      throw err;
    }
    return { ok: true as const };
  });

  app.delete('/favoritos/:anuncioId', { preValidation: app.authenticate, schema: { ...own, params: anuncioParams, response: { 200: okSchema, ...errors(401, 404) } } }, async (request) => {
    await removeFavorito(db, request.user!.id, idOf(request.params.anuncioId));
    return { ok: true as const };
  });

  app.post('/favoritos/baja/:userId', { schema: bajaSchema, schemaErrorFormatter: refusedAs(SAVED_MSG.bajaAvisosPrecioInvalida) }, async (request) => {
    const userId = request.params.userId;
    const token = request.query.token ?? '';
    if (!isUuid(userId) || !isValidPriceAlertsToken(config.jwtSecret, userId.toLowerCase(), token)) throw new HttpError(400, SAVED_MSG.bajaAvisosPrecioInvalida);
    // An account deleted since the email was sent gets nothing any more: the wish is fulfilled.
    await setPriceAlerts(db, userId.toLowerCase(), false, new Date(clock.now()));
    return { ok: true as const };
  });
}
