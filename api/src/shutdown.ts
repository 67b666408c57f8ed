/**
 * Graceful stop of the API process on SIGTERM/SIGINT (issue 19, item 8). The handlers are installed
 * before anything else starts (migrations, seeding, the orphan sweep): a signal during start-up is
 * remembered, the start-up stops at its next step, and the app is closed once it exists.
 *
 * `app.close()` stops the listener, drops idle and unused connections (plugins/drain-connections),
 * lets in-flight requests finish, then runs the onClose hooks last-registered first: the feed
 * scheduler's run and the search cache's refreshes are awaited, pending mail is sent, and only then
 * does the database close. The exit code is decided once, after everything and outside any try:
 * 0 when the close completed, 1 when it failed or overran the budget. The budget timer is not
 * unref'd: a close stuck on something the event loop cannot see still ends in a visible exit 1.
 */
import type { FastifyInstance } from 'fastify';

/** The API's own budget; `npm start` (scripts/start.mjs) waits longer than this for the API. */
export const SHUTDOWN_BUDGET_MS = 15_000;

export interface Shutdown {
  /** True once a signal has arrived: start-up steps stop early. */
  readonly requested: boolean;
  /** Hands over the started app; closes it at once if a signal came first. */
  attach(app: FastifyInstance): void;
}

export function installShutdown(budgetMs = SHUTDOWN_BUDGET_MS): Shutdown {
  let app: FastifyInstance | null = null;
  let signal: string | null = null;
  let closing = false;

  async function close(current: FastifyInstance): Promise<void> {
    if (closing) return;
    closing = true;
    let code = 0;
    try {
      await current.close();
      current.log.info('API cerrada');
    } catch (err) {
      current.log.error({ err }, 'error al cerrar');
      code = 1;
    }
    process.exit(code);
  }

  const onSignal = (name: string) => {
    if (signal) return;
    signal = name;
    if (app) app.log.info({ signal: name }, 'cerrando la API');
    else console.log(`[api] ${name}: cerrando la API al terminar el paso de arranque en curso`);
    setTimeout(() => {
      console.error(`[api] el cierre superó su plazo de ${budgetMs} ms: salida forzada`);
      process.exit(1);
    }, budgetMs);
    if (app) void close(app);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  return {
    get requested() {
      return signal !== null;
    },
    attach(started) {
      app = started;
      if (signal) void close(started);
    },
  };
}
