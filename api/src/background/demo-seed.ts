/** The demo catalogue (SEED_DEMO, on by default), loaded at start when the database has no listings. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { anuncios } from '../db/schema';
import { seedDemoCatalogue } from '../seed/demo';
import { onStart, type BackgroundOptions } from './lifecycle';

const DEMO_COUNT = 300;

async function demoSeedPlugin(app: FastifyInstance, opts: BackgroundOptions) {
  onStart(app, opts, async () => {
    if (!app.config.seedDemo) return;
    const [row] = await app.db.select({ n: count() }).from(anuncios);
    if (Number(row?.n ?? 0) !== 0) return;
    app.log.info('base de datos vacía: cargando el catálogo de demostración');
    await seedDemoCatalogue(app.db, app.photoStorage, { count: DEMO_COUNT, usdDopRate: app.config.usdDopRate });
    await app.searchChanges.announce('all');
  });
}

export default fp(demoSeedPlugin, { name: 'demo-seed', fastify: '5.x', dependencies: ['db', 'storage', 'search'] });
