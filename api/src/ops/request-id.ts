/**
 * Request ids (issue 45): a caller's `X-Request-Id` (a load balancer's, the site server's) is kept
 * when it is a short token of safe characters, otherwise a new UUID is made; the id is Fastify's
 * request id, so every log line of the request carries it (`reqId`), and it is echoed in the
 * answer. The header is hostile input: anything longer than REQUEST_ID_MAX or with a character
 * outside [A-Za-z0-9._:-] is replaced, never trimmed or escaped into the log.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, acceptedRequestId } from 'shared-contracts';

/** Fastify's `genReqId`: the caller's id when acceptable, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  return acceptedRequestId(req.headers[REQUEST_ID_HEADER]) ?? crypto.randomUUID();
}

async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}

export default fp(requestIdPlugin, { name: 'request-id', fastify: '5.x' });
