/**
 * `POST /anuncio/{id}/vista` (issue 21): the detail page reports a view once it is on the visitor's
 * screen. The browser sends it, not the site server: a server-rendered detail reaches the API from
 * the site server's address, and crawlers rendering pages do not run it. Answered at once (204);
 * the count is buffered and written in batches (view-counter.ts). Crawlers are not counted.
 */
import type { FastifyInstance } from 'fastify';
import { MSG } from 'shared-contracts';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { clientKey } from '../plugins/rate-limit-keys';
import { isBot } from './bots';

export default async function viewRoute(app: FastifyInstance) {
  const counter = app.viewCounter;
  app.post<{ Params: { id: string } }>('/anuncio/:id/vista', async (request, reply) => {
    if (!isUuid(request.params.id)) throw new HttpError(404, MSG.notFound, { error: MSG.notFound, message: MSG.notFound });
    const userAgent = request.headers['user-agent'] ?? '';
    if (!isBot(userAgent)) counter.view(request.params.id, clientKey(request.ip), userAgent);
    return reply.code(204).send();
  });
}
