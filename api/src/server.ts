/**
 * Boots the API and closes it, nothing else. SIGTERM/SIGINT handlers are in place first (see
 * shutdown.ts); then the configuration, the port opened for the probes while the app starts
 * (ops/startup-listener.ts), the app (src/app.ts: the data directory's lock, migrations
 * as the db plugin loads, every route and background plugin), its start-up (each background
 * plugin's start, skipped once a signal has come) and the listener. The close is the app's: the
 * listener stops, in-flight requests finish, each plugin's onClose hook settles its own work, then
 * the database is closed.
 */
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { installShutdown } from './shutdown';
import { DataDirLockedError } from './db/data-dir-lock';
import { createPhase } from './ops/phase';
import { openStartupListener } from './ops/startup-listener';

/** Errors that stop the start with their own message only. */
const isStartRefusal = (err: unknown) => err instanceof ConfigError || err instanceof DataDirLockedError;

async function main() {
  const shutdown = installShutdown();
  const config = loadConfig(process.env);
  // issue 45: the port answers /livez and /readyz (starting, migrating) while the app starts
  const phase = createPhase();
  const early = await openStartupListener(config.port, config.host, phase);
  let app;
  try {
    app = await buildApp(config, { background: { stopping: () => shutdown.requested, env: process.env }, phase });
    await app.ready();
  } finally {
    await early.close();
  }
  if (!shutdown.requested) await app.listen({ port: early.port, host: config.host });
  shutdown.attach(app);
}

main().catch((err) => {
  console.error(isStartRefusal(err) ? (err as Error).message : err);
  process.exit(1);
});
