/**
 * The rate-limit store: @fastify/rate-limit with the database store (rate-limit-store.ts), so every
 * instance on one PostgreSQL shares the counters and flooding cannot evict them; it reads the app's
 * real clock (clock.ts: tests inject it; the browser tests' clock route cannot reset a window). Every counter of the API (which calls, keyed how, how many: see
 * rate-limit-policy.ts and rate-limit-keys.ts) is made with `app.createRateLimit` and so uses it.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { databaseStore } from './rate-limit-store';

async function rateLimitsPlugin(app: FastifyInstance) {
  await app.register(rateLimit, { global: false, store: databaseStore(app.db, app.realClock) as never });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', fastify: '5.x', dependencies: ['config', 'db'] });
