/**
 * A bounded queue in front of the database for the search work (docs/performance.md,
 * "Overload"): at most `concurrency` loads run at once, at most `maxQueued` wait, and none waits
 * longer than `maxWaitMs`. Beyond that the caller gets OverloadError at once (answered 503 with
 * Retry-After), so a saturated database sheds load instead of piling up requests that hang.
 */
export class OverloadError extends Error {
  /** Seconds a client should wait before trying again. */
  readonly retryAfterSeconds = 2;
  constructor() {
    super('database saturated');
    this.name = 'OverloadError';
  }
}

export interface WorkQueueOptions {
  concurrency: number;
  maxQueued: number;
  maxWaitMs: number;
}

export interface WorkQueue {
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

export function createWorkQueue({ concurrency, maxQueued, maxWaitMs }: WorkQueueOptions): WorkQueue {
  let active = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  const next = () => {
    active -= 1;
    const head = waiting.shift();
    if (head) {
      clearTimeout(head.timer);
      head.start();
    }
  };

  return {
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
    run<T>(work: () => Promise<T>): Promise<T> {
      const go = () => {
        active += 1;
        return work().finally(next);
      };
      if (active < concurrency) return go();
      if (waiting.length >= maxQueued) return Promise.reject(new OverloadError());
      return new Promise<T>((resolve, reject) => {
        const slot = {
          start: () => go().then(resolve, reject),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(slot), 1);
            reject(new OverloadError());
          }, maxWaitMs),
        };
        waiting.push(slot);
      });
    },
  };
}
