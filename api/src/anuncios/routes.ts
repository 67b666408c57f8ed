/**
 * Public listing calls (search, detail) and owner-only delete. Handlers stay thin: SQL lives in
 * the repository, the option lists and counts come through the search cache.
 */
import type { FastifyInstance } from 'fastify';
import { MSG, type AllAnunciosResponse, type Anuncio } from 'shared-contracts';
import { allAnunciosSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { deletePhotos } from '../photos';
import { toAnuncio } from './serialize';
import { deleteById, findById, findPublished, optionLists, searchCount, searchPage } from './repository';

export default async function anuncioRoutes(app: FastifyInstance) {
  const { db, config, searchCache } = app;

  app.post('/allAnuncios', async (request, reply) => {
    const { filters, page } = allAnunciosSchema.parse(request.body ?? {});
    const key = JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
    // Popular pages (the home page above all) are answered from memory, already serialized.
    const body = await searchCache.page(`${key}#${page}`, async () => {
      const [rows, count, options] = await Promise.all([
        searchPage(db, filters, page),
        searchCache.count(key, () => searchCount(db, filters)),
        searchCache.options(() => optionLists(db)),
      ]);
      const answer: AllAnunciosResponse = { anuncios: rows.map((r) => toAnuncio(r, config.publicApiUrl)), count, ...options };
      return JSON.stringify(answer);
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get<{ Params: { id: string } }>('/anuncio/:id', async (request, reply): Promise<Anuncio> => {
    const row = isUuid(request.params.id) ? await findPublished(db, request.params.id) : null;
    if (!row) return reply.code(404).send({ message: MSG.notFound });
    return toAnuncio(row, config.publicApiUrl);
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: app.authenticate }, async (request) => {
    const row = isUuid(request.params.id) ? await findById(db, request.params.id) : null;
    if (!row) throw new HttpError(404, MSG.notFound, { error: MSG.notFound, message: MSG.notFound });
    // Partner listings (no owner) belong to no user, so no user may delete them.
    if (row.ownerId === null || row.ownerId !== request.user?.id) throw new HttpError(403, MSG.forbiddenDelete);
    await deleteById(db, row.id);
    searchCache.invalidate();
    await deletePhotos(app.photoStorage, row.imageKeys).catch((err) => request.log.error({ err }, 'no se pudieron borrar las fotos'));
    return { ok: true as const };
  });
}
