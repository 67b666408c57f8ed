/**
 * Boots the API: configuration, the app (migrations run as the db plugin loads), the demo catalogue
 * on an empty database, then listens. SIGTERM/SIGINT close it gracefully: the listener stops,
 * in-flight requests finish, pending mail is delivered and the database is closed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { anuncios } from './db/schema';
import { seedDemoCatalogue } from './seed/demo';
import { startFeedScheduler } from './feeds/scheduler';
import { startPgliteMaintenance } from './db/maintenance';
import { startExpiryJob } from './anuncios/expiry-job';
import { removeOrphanPhotos } from './photos/sweep-orphans';

const DEMO_COUNT = 300;

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Tells `npm run backup/restore` that an API owns this data directory (they stop the world).
  const pidFile = path.join(config.dataDir, 'api.pid');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(pidFile, String(process.pid));
  const app = await buildApp(config);
  app.addHook('onClose', async () => fs.rmSync(pidFile, { force: true }));
  await app.ready();

  // Photos of publishes cut short by a crash (stored, but their row never committed).
  const orphanAgeMs = app.database.engine === 'pglite' ? 0 : 60 * 60_000;
  const orphans = await removeOrphanPhotos(app.db, path.join(config.dataDir, 'photos'), orphanAgeMs);
  if (orphans.length) app.log.info({ count: orphans.length }, 'fotos huérfanas eliminadas');

  if (config.seedDemo) {
    const [row] = await app.db.select({ n: count() }).from(anuncios);
    if (Number(row?.n ?? 0) === 0) {
      app.log.info('base de datos vacía: cargando el catálogo de demostración');
      await seedDemoCatalogue(app.db, app.photoStorage, { count: DEMO_COUNT, usdDopRate: config.usdDopRate });
      await app.searchChanges.announce('all');
    }
  }

  // PGlite has no autovacuum: statistics and the visibility map for the search's index-only scans.
  startPgliteMaintenance(app);

  // Partner feeds on a schedule, only when FEEDS_INTERVAL_MINUTES is above 0.
  startFeedScheduler(app, process.env);
  // Owners' listings expire and their reminders go out (issue 20): at start, then hourly.
  startExpiryJob(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando la API');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
