/**
 * Security headers on every answer and CORS for the configured site origins only. Photos are
 * loaded by the site from another origin, so resources are marked cross-origin readable; the API
 * serves no HTML, so its content policy forbids everything.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from 'shared-contracts';

async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const allowed = new Set(app.config.corsOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // issue 45: a browser may send its own request id and read the one answered (support can
    // then find a failed call's log lines from what the page reports)
    allowedHeaders: ['content-type', 'authorization', REQUEST_ID_HEADER],
    exposedHeaders: [REQUEST_ID_HEADER],
    maxAge: 600,
  });
}

export default fp(securityPlugin, { name: 'security', fastify: '5.x', dependencies: ['config'] });
