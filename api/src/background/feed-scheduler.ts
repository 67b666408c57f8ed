/** Partner feeds on a schedule, only when FEEDS_INTERVAL_MINUTES is above 0 (feeds/scheduler.ts). */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { startFeedScheduler, type FeedScheduler } from '../feeds/scheduler';
import { onStart, type BackgroundOptions } from './lifecycle';

async function feedSchedulerPlugin(app: FastifyInstance, opts: BackgroundOptions) {
  let scheduler: FeedScheduler | null = null;
  onStart(app, opts, () => {
    scheduler = startFeedScheduler(app, opts.env);
  });
  // An import in progress finishes before the database closes.
  app.addHook('onClose', async () => scheduler?.stop());
}

export default fp(feedSchedulerPlugin, { name: 'feed-scheduler', fastify: '5.x', dependencies: ['db', 'storage', 'search'] });
