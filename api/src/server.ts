/**
 * Boots the API: configuration, the app (migrations run as the db plugin loads), the demo catalogue
 * on an empty database, then listens. SIGTERM/SIGINT close it gracefully (see shutdown.ts): the
 * handlers are in place before the first migration, the listener stops, in-flight requests finish,
 * background work and pending mail settle, then the database is closed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { anuncios } from './db/schema';
import { seedDemoCatalogue } from './seed/demo';
import { startFeedScheduler, type FeedScheduler } from './feeds/scheduler';
import { startPgliteMaintenance } from './db/maintenance';
import { startExpiryJob, type ExpiryScheduler } from './anuncios/expiry-job';
import { startAlertJob, type AlertScheduler } from './busquedas/alert-job';
import { removeOrphanPhotos, startOrphanSweep } from './photos/sweep-orphans';
import { installShutdown } from './shutdown';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/data-dir-lock';

const DEMO_COUNT = 300;

async function main() {
  const shutdown = installShutdown();
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

  // The embedded database belongs to one process: a second API or feeds:import on this DATA_DIR stops here.
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    try {
      lock = await lockDataDir(config.dataDir, 'la API');
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  // Tells `npm run backup/restore` that an API owns this data directory (they stop the world).
  const pidFile = path.join(config.dataDir, 'api.pid');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(pidFile, String(process.pid));
  const app = await buildApp(config);
  app.addHook('onClose', async () => {
    fs.rmSync(pidFile, { force: true });
    await lock?.release();
  });
  // Registered after the db plugin, so it runs before the database closes: an import in progress finishes first.
  let scheduler: FeedScheduler | null = null;
  let sweeper: { stop(): Promise<void> } | null = null;
  let maintenance: { stop(): Promise<void> } | null = null;
  let expiry: ExpiryScheduler | null = null;
  let alerts: AlertScheduler | null = null;
  app.addHook('onClose', async () => {
    await Promise.all([scheduler?.stop(), sweeper?.stop(), maintenance?.stop(), expiry?.stop(), alerts?.stop()]);
  });
  await app.ready();

  // Each start-up step runs only while no signal has come; the close then waits for nothing half-done.
  const steps: (() => Promise<void>)[] = [
    async () => {
      // Photos of publishes cut short by a crash (stored, but their row never committed).
      const orphanAgeMs = app.database.engine === 'pglite' ? 0 : 60 * 60_000;
      const orphans = await removeOrphanPhotos(app.db, path.join(config.dataDir, 'photos'), orphanAgeMs);
      if (orphans.length) app.log.info({ count: orphans.length }, 'fotos huérfanas eliminadas');
      // Then hourly, sparing anything younger than an hour (a publish or an import in progress).
      sweeper = startOrphanSweep(app, path.join(config.dataDir, 'photos'), { everyMs: 60 * 60_000, olderThanMs: 60 * 60_000 });
    },
    async () => {
      if (!config.seedDemo) return;
      const [row] = await app.db.select({ n: count() }).from(anuncios);
      if (Number(row?.n ?? 0) !== 0) return;
      app.log.info('base de datos vacía: cargando el catálogo de demostración');
      await seedDemoCatalogue(app.db, app.photoStorage, { count: DEMO_COUNT, usdDopRate: config.usdDopRate });
      await app.searchChanges.announce('all');
    },
    // PGlite has no autovacuum: statistics and the visibility map for the search's index-only scans.
    async () => {
      maintenance = startPgliteMaintenance(app);
    },
    // Partner feeds on a schedule, only when FEEDS_INTERVAL_MINUTES is above 0.
    async () => {
      scheduler = startFeedScheduler(app, process.env);
    },
    // Owners' listings expire and their reminders go out (issue 20): at start, then hourly.
    async () => {
      expiry = startExpiryJob(app);
    },
    // Saved-search alerts (issue 22): every minute, instant ones out within minutes.
    async () => {
      alerts = startAlertJob(app);
    },
    async () => {
      await app.listen({ port: config.port, host: config.host });
    },
  ];
  for (const step of steps) {
    if (shutdown.requested) break;
    await step();
  }
  shutdown.attach(app);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
