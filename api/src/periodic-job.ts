/**
 * A job the API runs now and then every `everyMs` until the server closes (listing expiry, search
 * alerts): one run at a time, the next timed from the end of the last; a failed run is logged,
 * never fatal; a pending timer never keeps a closing process alive, and `stop` waits for a run
 * under way.
 */
import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  stop(): Promise<void>;
}

/** `job`: its name in the metrics (background_job_* , issue 45). */
export function startPeriodicJob(app: FastifyInstance, job: string, run: () => Promise<unknown>, everyMs: number, failure: string): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    running = app.telemetry
      .jobRun(job, run)
      .catch((err) => app.log.error({ err }, failure))
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(tick, everyMs);
        timer.unref();
      });
  };
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
  app.server.once('close', () => void stop());
  tick();
  return { stop };
}
