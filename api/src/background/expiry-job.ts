/** Owners' listings expire and their reminders go out (issue 20): at start, then hourly (anuncios/expiry-job.ts). */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { startExpiryJob, type ExpiryScheduler } from '../anuncios/expiry-job';
import { onStart, type BackgroundOptions } from './lifecycle';

async function expiryJobPlugin(app: FastifyInstance, opts: BackgroundOptions) {
  let job: ExpiryScheduler | null = null;
  onStart(app, opts, () => {
    job = startExpiryJob(app);
  });
  app.addHook('onClose', async () => job?.stop());
}

export default fp(expiryJobPlugin, { name: 'expiry-job', fastify: '5.x', dependencies: ['db', 'mail', 'search'] });
