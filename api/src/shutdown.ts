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
 *
 * Issue 45: before the close, a grace (SHUTDOWN_GRACE_MS; 5 s by default in production, else 0):
 * /readyz answers 503 "closing" at once and every request is still served, each answer with
 * `Connection: close`, so the load balancer stops sending work here before the port closes. The
 * budget counts from the end of the grace. A signal during start-up skips it (no traffic yet).
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
  let budgetArmed = false;
  const armBudget = () => {
    if (budgetArmed) return;
    budgetArmed = true;
    setTimeout(() => {
      console.error(`[api] el cierre superó su plazo de ${budgetMs} ms: salida forzada`);
      process.exit(1);
    }, budgetMs);
  };

  async function close(current: FastifyInstance, graceMs: number): Promise<void> {
    if (closing) return;
    closing = true;
    if (graceMs > 0) {
      current.phase.set('closing');
      current.log.info({ graceMs }, 'cerrando: /readyz responde 503; se sigue atendiendo durante la espera');
      await new Promise((resolve) => setTimeout(resolve, graceMs));
    }
    armBudget();
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
    if (app) void close(app, app.config.shutdownGraceMs ?? 0);
    // a start-up step that never ends is cut by the same budget
    else armBudget();
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  return {
    get requested() {
      return signal !== null;
    },
    attach(started) {
      app = started;
      if (signal) void close(started, 0);
    },
  };
}
