/**
 * Scheduled imports inside the API server: when FEEDS_INTERVAL_MINUTES is above 0, every
 * active agency with a feed (issue 46) is imported at start and then on that interval. Runs never overlap (the next
 * one is timed from the end of the last), never crash the server, and clear the search caches (of
 * every instance) so new listings show at once. Off by default.
 *
 * Several instances on one PostgreSQL: each run takes the `feeds` advisory lock first and is
 * skipped when another instance holds it, so one instance at a time imports.
 */
import type { FastifyInstance } from 'fastify';
import { ADVISORY_LOCKS } from '../db/client';
import { feedSettings } from './feeds-config';
import { importAll } from './import-all';
import { appendReportLog, formatReport } from './report';

export interface FeedScheduler {
  /** Resolves when the run in progress (if any) has finished. */
  stop(): Promise<void>;
  /** Starts a run now unless one is going; resolves when it ends. */
  runNow(): Promise<void>;
}

export function startFeedScheduler(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): FeedScheduler | null {
  const settings = feedSettings(env);
  if (settings.intervalMinutes <= 0) return null;
  const intervalMs = settings.intervalMinutes * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function run(): Promise<void> {
    try {
      const done = await app.database.whileLocked(ADVISORY_LOCKS.feeds, () => app.telemetry.jobRun('feeds', importOnce));
      if (done === null) app.log.info('importación de feeds omitida: otra instancia la está haciendo');
    } catch (err) {
      app.log.error({ err }, 'importación de feeds fallida');
    }
  }

  async function importOnce(): Promise<true> {
    try {
      const reports = await importAll({
        db: app.db,
        storage: app.photoStorage,
        usdDopRate: app.config.usdDopRate,
      });
      for (const report of reports) {
        app.log[report.ok ? 'info' : 'error']({ feedImport: { ...report, rejections: undefined, photoFailures: undefined } }, formatReport(report));
        await appendReportLog(app.config.dataDir, report).catch(() => undefined);
      }
    } finally {
      await app.searchChanges.announce('all');
    }
    return true;
  }

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => void runNow().then(() => schedule(intervalMs)), delayMs);
    // A pending import must not keep a closing process alive.
    timer.unref();
  };
  function runNow(): Promise<void> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
  app.server.once('close', () => void stop());
  app.log.info({ every: settings.intervalMinutes }, 'importación de feeds programada');
  schedule(0);
  return { stop, runNow };
}
