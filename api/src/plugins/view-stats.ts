/**
 * Detail views (issues 21 and 40) as a decorator (`app.viewCounter`): who was counted today is in
 * the database (shared by every instance); the counts wait in memory and are written every
 * STATS_FLUSH_MS, and once more when the app closes, before the database does.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createViewCounter, type ViewLimits } from '../anuncios/view-counter';

async function viewStatsPlugin(app: FastifyInstance, opts: { limits?: Partial<ViewLimits> }) {
  const { config } = app;
  app.decorate('viewCounter', createViewCounter(app.db, { now: app.clock.now, flushMs: config.statsFlushMs, log: app.log, secret: config.jwtSecret, limits: opts.limits }));
  app.addHook('onClose', () => app.viewCounter.close());
}

export default fp(viewStatsPlugin, { name: 'view-stats', fastify: '5.x', dependencies: ['config', 'db'] });
