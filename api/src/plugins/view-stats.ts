/**
 * Detail views (issue 21) as a decorator (`app.viewCounter`): they wait in memory and are written
 * every STATS_FLUSH_MS, and once more when the app closes, before the database does.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createViewCounter } from '../anuncios/view-counter';

async function viewStatsPlugin(app: FastifyInstance) {
  app.decorate('viewCounter', createViewCounter(app.db, { now: app.clock.now, flushMs: app.config.statsFlushMs, log: app.log }));
  app.addHook('onClose', () => app.viewCounter.close());
}

export default fp(viewStatsPlugin, { name: 'view-stats', fastify: '5.x', dependencies: ['config', 'db'] });
