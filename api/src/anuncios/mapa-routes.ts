/**
 * Issue 44: `POST /anuncios/mapa`, every match of a search on the map as clusters
 * (api/src/search/map.ts, docs/decisions/0032-map-search.md). The filters are `/allAnuncios`'s;
 * each view is a call to the database (answers are not cached: views are rarely the same), so it
 * counts against its client's map limit (its own, more generous than the searches': panning is
 * many calls, docs/decisions/0039-map-cells-and-map-limit.md) and waits in the search queue.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mapaSchema } from 'shared-contracts/schemas';
import { mapaResponseSchema } from 'shared-contracts/responses';
import { errors } from '../route-schemas';
import { mapClusters } from '../search';

export default async function mapaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/anuncios/mapa',
    { preHandler: app.limitMap, schema: { tags: ['Anuncios'], body: mapaSchema, response: { 200: mapaResponseSchema, ...errors(400, 429, 503) } } },
    async (request) => mapClusters(app.db, app.searchQueue, request.body),
  );
}
