/**
 * Child process of the API benchmark: the real app (buildApp) on a loopback port, plus two things
 * only the benchmark needs: a no-op route (the framework's ceiling, never part of the product) and
 * the "floor" — the home query's SQL run directly in this process, which owns the database (PGlite
 * allows one process per data directory), through the same connection pool the API uses.
 *
 * The parent forks it with an IPC channel; it answers `ready`, then `floor` requests, and exits
 * when told to or when the parent goes away.
 */
import crypto from 'node:crypto';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { searchPage } from '../src/search/page';
import { NEWEST } from '../src/search/orders';
import { summarize, type CaseStats } from './stats';

export type ParentMessage = { type: 'floor'; connections: number; durationMs: number } | { type: 'exit' };
export type ChildMessage = { type: 'ready'; port: number } | { type: 'floor'; stats: CaseStats } | { type: 'error'; message: string };

const send = (m: ChildMessage) => process.send?.(m);

async function main() {
  const config = loadConfig({
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  });
  const app = await buildApp(config, { logger: false });
  // Bench-only reference route: same server, same plugins and hooks, no work.
  app.get('/bench/noop', async () => ({ ok: true }));
  await app.listen({ port: config.port, host: '127.0.0.1' });

  /** N workers issue the home page query back to back for the duration; latencies in ms. */
  async function floor(connections: number, durationMs: number): Promise<CaseStats> {
    const latencies: number[] = [];
    let errors = 0;
    const until = performance.now() + durationMs;
    const worker = async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await searchPage(app.db, {}, NEWEST, 0, { count: Number.MAX_SAFE_INTEGER, estimated: true });
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, worker));
    return summarize(latencies, errors, (performance.now() - started) / 1000);
  }

  process.on('message', (m: ParentMessage) => {
    if (m.type === 'exit') {
      void app.close().finally(() => process.exit(0));
    } else if (m.type === 'floor') {
      floor(m.connections, m.durationMs).then(
        (stats) => send({ type: 'floor', stats }),
        (err: Error) => send({ type: 'error', message: err.message }),
      );
    }
  });
  // An orphaned benchmark server must not linger.
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  send({ type: 'ready', port: config.port });
}

main().catch((err: Error) => {
  send({ type: 'error', message: err.stack ?? err.message });
  process.exit(1);
});
