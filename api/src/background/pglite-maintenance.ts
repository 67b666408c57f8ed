/** PGlite has no autovacuum: statistics and the visibility map for the search's index-only scans (db/maintenance.ts). */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { startPgliteMaintenance } from '../db/maintenance';
import { onStart, type BackgroundOptions } from './lifecycle';

async function pgliteMaintenancePlugin(app: FastifyInstance, opts: BackgroundOptions) {
  let maintenance: { stop(): Promise<void> } | null = null;
  onStart(app, opts, () => {
    maintenance = startPgliteMaintenance(app);
  });
  // A VACUUM in progress finishes before the database closes.
  app.addHook('onClose', async () => maintenance?.stop());
}

export default fp(pgliteMaintenancePlugin, { name: 'pglite-maintenance', fastify: '5.x', dependencies: ['db', 'search'] });
