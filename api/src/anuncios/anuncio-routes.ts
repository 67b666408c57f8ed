/**
 * Public listing calls (search, detail) and owner-only delete. Handlers stay thin: SQL lives in
 * the repository and the search engine (api/src/search/), which answers a search through its
 * cache and its bounded queue (503 beyond it). Searches the cache cannot answer are limited per
 * client (issue 40), so no one client fills that queue.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, type Anuncio } from 'shared-contracts';
import { allAnunciosSchema } from 'shared-contracts/schemas';
import { allAnunciosResponseSchema, anuncioResponseSchema, okSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { bearer, errors, idParams, orEmpty, sendJson } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { deletePhotos } from '../photos';
import { authEvent } from '../accounts/auth-events';
import { toAnuncio } from './serialize';
import { deleteById, deleteOwned, findById, findPublished } from './repository';
import { mayManageListing } from '../agencies/account-repository';
import { createSearchEngine, searchChangeOf, type CountLimits } from '../search';
import { recentPriceDrop } from './lifecycle-repository';

const tags = ['Anuncios'];
const searchBody = orEmpty(allAnunciosSchema);

export default async function anuncioRoutes(fastify: FastifyInstance, opts: { countLimits?: Partial<CountLimits> }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, searchCache, searchQueue } = app;
  const search = createSearchEngine({ db, cache: searchCache, queue: searchQueue, limits: opts.countLimits, card: (row) => toAnuncio(row, config.photosBaseUrl) });

  /** Only a search that needs the database counts against its client: cached answers cost nothing. */
  const limitUncached = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!search.cached(request.body as z.output<typeof searchBody>)) await app.limitSearch(request, reply);
  };

  app.post(
    '/allAnuncios',
    { preHandler: limitUncached, schema: { tags, body: searchBody, response: { 200: allAnunciosResponseSchema, ...errors(429, 503) } } },
    async (request, reply) => sendJson(reply, await search.answer(request.body)),
  );

  app.get('/anuncio/:id', { schema: { tags, params: idParams, response: { 200: anuncioResponseSchema, ...errors(404) } } }, async (request, reply): Promise<Anuncio> => {
    const row = isUuid(request.params.id) ? await findPublished(db, request.params.id) : null;
    if (!row) return reply.code(404).send({ message: MSG.notFound });
    // Issue 20: the previous price when it recently went down ("Bajó de precio").
    return { ...toAnuncio(row, config.photosBaseUrl), precioAnterior: await recentPriceDrop(db, row.id, app.clock.now()) };
  });

  app.delete('/:id', { preValidation: app.authenticate, schema: { tags, security: bearer, params: idParams, response: { 200: okSchema, ...errors(401, 403, 404) } } }, async (request) => {
    const { id } = request.params;
    const notFound = () => new HttpError(404, MSG.notFound, { error: MSG.notFound, message: MSG.notFound });
    if (!isUuid(id)) throw notFound();
    const startedAt = app.clock.now();
    // One statement when the listing is the user's (the usual case); otherwise the row tells why not.
    let deleted = await deleteOwned(db, id, request.user!.id);
    if (!deleted) {
      const row = await findById(db, id);
      if (!row) throw notFound();
      // Partner listings (no owner) belong to no user, so no user may delete them; an agent's
      // listing may be deleted by its agency's administrator (issue 46).
      if (!(await mayManageListing(db, row, request.user!.id))) throw new HttpError(403, MSG.forbiddenDelete);
      deleted = await deleteById(db, id);
      if (!deleted) throw notFound();
    }
    await app.searchChanges.announce(searchChangeOf(deleted, null), startedAt);
    authEvent(request, 'listing_deleted', request.user!.id, { anuncio: deleted.id });
    await deletePhotos(app.photoStorage, deleted.imageKeys).catch((err) => request.log.error({ err }, 'no se pudieron borrar las fotos'));
    return { ok: true as const };
  });
}
