/**
 * What every background plugin shares: its start runs as the app gets ready (in registration
 * order, before the server listens), unless a SIGTERM/SIGINT has already come (shutdown.ts) — then
 * the start-up stops at the next plugin and the close waits for nothing half-done.
 */
import type { FastifyInstance } from 'fastify';

export interface BackgroundOptions {
  /** True once the process was asked to stop: starts not yet run are skipped. */
  stopping(): boolean;
  /** Where the feed scheduler reads FEEDS_INTERVAL_MINUTES and FEEDS_CONFIG. */
  env: NodeJS.ProcessEnv;
}

/** Runs `start` as the app gets ready, unless the process is already stopping. */
export function onStart(app: FastifyInstance, opts: BackgroundOptions, start: () => Promise<void> | void): void {
  app.addHook('onReady', async () => {
    if (!opts.stopping()) await start();
  });
}
