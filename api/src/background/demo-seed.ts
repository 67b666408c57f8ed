/**
 * The demo catalogue (SEED_DEMO: on by default, off with NODE_ENV=production), loaded at start when
 * the database has no listings. Issue 45: under the `seed` advisory lock, so two instances starting
 * together on one PostgreSQL do not both seed; the one that finds the lock taken skips, and the
 * emptiness is checked inside the lock (after the other's seed committed, the table is not empty).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { anuncios } from '../db/schema';
import { ADVISORY_LOCKS } from '../db/client';
import { seedDemoCatalogue } from '../seed/demo';
import { onStart, type BackgroundOptions } from './lifecycle';

const DEMO_COUNT = 300;

export type SeedOutcome = 'off' | 'seeded' | 'not-empty' | 'another-instance';

/** Seeds when SEED_DEMO is on and no listing exists, under the lock; says what it did. */
export async function seedDemoIfEmpty(app: FastifyInstance, demoCount = DEMO_COUNT): Promise<SeedOutcome> {
  if (!app.config.seedDemo) return 'off';
  const outcome = await app.database.whileLocked(ADVISORY_LOCKS.seed, async (): Promise<SeedOutcome> => {
    const [row] = await app.db.select({ n: count() }).from(anuncios);
    if (Number(row?.n ?? 0) !== 0) return 'not-empty';
    app.log.info('base de datos vacía: cargando el catálogo de demostración');
    await seedDemoCatalogue(app.db, app.photoStorage, { count: demoCount, usdDopRate: app.config.usdDopRate });
    await app.searchChanges.announce('all');
    return 'seeded';
  });
  if (outcome === null) app.log.info('otra instancia está cargando el catálogo de demostración');
  return outcome ?? 'another-instance';
}

async function demoSeedPlugin(app: FastifyInstance, opts: BackgroundOptions) {
  onStart(app, opts, async () => {
    await seedDemoIfEmpty(app);
  });
}

export default fp(demoSeedPlugin, { name: 'demo-seed', fastify: '5.x', dependencies: ['db', 'storage', 'search'] });
