/**
 * Public listing calls (search, detail) and owner-only delete. Handlers stay thin: SQL lives in
 * the repository and the search engine (api/src/search/), which answers a search through its
 * cache and its bounded queue (503 beyond it). Searches the cache cannot answer are limited per
 * client (issue 40), so no one client fills that queue.
 */
import type { FastifyInstance } from 'fastify';
import { MSG, type Anuncio } from 'shared-contracts';
import { allAnunciosSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { deletePhotos } from '../photos';
import { authEvent } from '../accounts/auth-events';
import { toAnuncio } from './serialize';
import { deleteOwned, findById, findPublished } from './repository';
import { createSearchEngine, searchChangeOf, type CountLimits } from '../search';
import { recentPriceDrop } from './lifecycle-repository';

export default async function anuncioRoutes(app: FastifyInstance, opts: { countLimits?: Partial<CountLimits> }) {
  const { db, config, searchCache, searchQueue } = app;
  const search = createSearchEngine({ db, cache: searchCache, queue: searchQueue, limits: opts.countLimits, card: (row) => toAnuncio(row, config.photosBaseUrl) });

  app.post('/allAnuncios', async (request, reply) => {
    const asked = allAnunciosSchema.parse(request.body ?? {});
    // Only a search that needs the database counts against its client: cached answers cost nothing.
    if (!search.cached(asked)) await app.limitSearch(request, reply);
    const body = await search.answer(asked);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get<{ Params: { id: string } }>('/anuncio/:id', async (request, reply): Promise<Anuncio> => {
    const row = isUuid(request.params.id) ? await findPublished(db, request.params.id) : null;
    if (!row) return reply.code(404).send({ message: MSG.notFound });
    // Issue 20: the previous price when it recently went down ("Bajó de precio").
    return { ...toAnuncio(row, config.photosBaseUrl), precioAnterior: await recentPriceDrop(db, row.id, app.clock.now()) };
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: app.authenticate }, async (request) => {
    const { id } = request.params;
    const notFound = () => new HttpError(404, MSG.notFound, { error: MSG.notFound, message: MSG.notFound });
    if (!isUuid(id)) throw notFound();
    const startedAt = app.clock.now();
    // One statement when the listing is the user's (the usual case); otherwise the row tells why not.
    const deleted = await deleteOwned(db, id, request.user!.id);
    if (!deleted) {
      if (!(await findById(db, id))) throw notFound();
      // Partner listings (no owner) belong to no user, so no user may delete them.
      throw new HttpError(403, MSG.forbiddenDelete);
    }
    await app.searchChanges.announce(searchChangeOf(deleted, null), startedAt);
    authEvent(request, 'listing_deleted', request.user!.id, { anuncio: deleted.id });
    await deletePhotos(app.photoStorage, deleted.imageKeys).catch((err) => request.log.error({ err }, 'no se pudieron borrar las fotos'));
    return { ok: true as const };
  });
}
