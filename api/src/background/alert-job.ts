/** Saved-search alerts (issue 22): every minute, instant ones out within minutes (busquedas/alert-job.ts). */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { startAlertJob, type AlertScheduler } from '../busquedas/alert-job';
import { onStart, type BackgroundOptions } from './lifecycle';

async function alertJobPlugin(app: FastifyInstance, opts: BackgroundOptions) {
  let job: AlertScheduler | null = null;
  onStart(app, opts, () => {
    job = startAlertJob(app);
  });
  app.addHook('onClose', async () => job?.stop());
}

export default fp(alertJobPlugin, { name: 'alert-job', fastify: '5.x', dependencies: ['db', 'mail'] });
