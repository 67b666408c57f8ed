/**
 * `POST /anuncio/{id}/vista` (issues 21 and 40): the detail page reports a view once it is on the
 * visitor's screen. The browser sends it, not the site server: a server-rendered detail reaches the
 * API from the site server's address, and crawlers rendering pages do not run it. Limited per
 * client; counted once per client, listing and day, only for listings the public can open
 * (view-counter.ts); crawlers are not counted. Answered 204 whether it counted or not.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from 'shared-contracts';
import { HttpError } from '../http-error';
import { errors, idParams, noContent } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { clientKey } from '../plugins/rate-limit-keys';
import { isBot } from './bots';

export default async function viewRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const counter = app.viewCounter;
  const schema = { tags: ['Anuncios'], params: idParams, response: { 204: noContent, ...errors(404, 429) } };
  app.post('/anuncio/:id/vista', { preValidation: app.limitView, schema }, async (request, reply) => {
    if (!isUuid(request.params.id)) throw new HttpError(404, MSG.notFound, { error: MSG.notFound, message: MSG.notFound });
    if (!isBot(request.headers['user-agent'])) await counter.view(request.params.id.toLowerCase(), clientKey(request.ip));
    return reply.code(204).send(null);
  });
}
