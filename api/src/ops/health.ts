/**
 * Liveness and readiness (issue 45), beside the older `/health` (kept as it was):
 * - `GET /livez`: 200 while the process answers at all; never asks the database, so a database
 *   outage does not get every instance restarted.
 * - `GET /readyz`: 200 only when the app has started, is not closing and the database answers
 *   `select 1` within READY_DB_TIMEOUT_MS; otherwise 503 with the reason. A load balancer stops
 *   sending traffic to an instance that is migrating (see startup-listener.ts), closing or cut off
 *   from its database.
 * Both are public and cheap; their answers say nothing beyond the phase and the engine.
 */
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { createPhase, type PhaseTracker } from './phase';

/** Longer than a healthy `select 1`, shorter than a probe's usual timeout (1 s in Kubernetes is the default; set yours above this). */
export const READY_DB_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  /** The process's tracker (server.ts shares it with the start-up listener); a new one otherwise. */
  phase?: PhaseTracker;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// Their answers, for the route schemas and the OpenAPI document (decision 0025).
const livezSchema = { tags: ['Estado'], response: { 200: z.object({ status: z.literal('ok') }) } };
const readyzSchema = {
  tags: ['Estado'],
  response: {
    200: z.object({ status: z.literal('ready'), engine: z.enum(['pglite', 'postgres']) }),
    503: z.object({ status: z.enum(['starting', 'migrating', 'closing', 'database-unreachable']) }),
  },
};

async function healthPlugin(app: FastifyInstance, opts: HealthOptions) {
  const phase = opts.phase ?? createPhase();
  app.decorate('phase', phase);
  app.addHook('onReady', async () => phase.set('ready'));
  app.addHook('preClose', async () => phase.set('closing'));
  // during the shutdown grace (shutdown.ts): answered, then the connection closes, so a client's
  // next request opens a new one the load balancer sends to another instance
  app.addHook('onRequest', async (_request, reply) => {
    if (phase.current === 'closing') reply.header('connection', 'close');
  });

  const noStore = { 'cache-control': 'no-store' };
  app.get('/livez', { schema: livezSchema }, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/readyz', { schema: readyzSchema }, async (_request, reply) => {
    reply.headers(noStore);
    if (phase.current !== 'ready') return reply.code(503).send({ status: phase.current });
    try {
      await withTimeout(app.database.db.execute('select 1'), READY_DB_TIMEOUT_MS);
    } catch {
      return reply.code(503).send({ status: 'database-unreachable' });
    }
    return { status: 'ready', engine: app.database.engine };
  });
}

export default fp(healthPlugin, { name: 'health', fastify: '5.x', dependencies: ['config'] });
