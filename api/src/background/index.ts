/**
 * Everything the server process runs besides answering requests, one plugin each, started in this
 * order as the app gets ready (before it listens) and each stopped by its own onClose hook, before
 * the database closes. Only server.ts registers them (through buildApp's `background` option):
 * tests and scripts build an app that only answers requests.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { BackgroundOptions } from './lifecycle';
import orphanSweep from './orphan-sweep';
import demoSeed from './demo-seed';
import pgliteMaintenance from './pglite-maintenance';
import feedScheduler from './feed-scheduler';
import expiryJob from './expiry-job';
import alertJob from './alert-job';
import photoSizes from './photo-sizes';

export type { BackgroundOptions } from './lifecycle';

async function backgroundPlugin(app: FastifyInstance, opts: BackgroundOptions) {
  await app.register(orphanSweep, opts);
  await app.register(demoSeed, opts);
  await app.register(pgliteMaintenance, opts);
  await app.register(feedScheduler, opts);
  await app.register(expiryJob, opts);
  await app.register(alertJob, opts);
  await app.register(photoSizes, opts);
}

export default fp(backgroundPlugin, { name: 'background', fastify: '5.x' });
