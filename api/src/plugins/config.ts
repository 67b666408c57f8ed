/** Configuration and clocks (clock.ts) as decorators, so every plugin reads them the same way. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Clock } from '../clock';

async function configPlugin(app: FastifyInstance, opts: { config: Config; clock: Clock; realClock: Clock }) {
  app.decorate('config', opts.config);
  app.decorate('clock', opts.clock);
  app.decorate('realClock', opts.realClock);
}

export default fp(configPlugin, { name: 'config', fastify: '5.x' });
