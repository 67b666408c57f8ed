/**
 * A bounded queue in front of the database for the search work (decision 0005,
 * "Overload and upkeep"): at most `concurrency` loads run at once, at most `maxQueued` wait, and none waits
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

export interface RunOptions {
  /**
   * The rest of a request whose first part already ran (a search's page after its count): it
   * waits only behind other such work, never behind requests that have not started. Total latency
   * then stays close to one wait plus the work, instead of two waits in the line; how many wait
   * and for how long is bounded as for any other work.
   */
  continuing?: boolean;
}

export interface WorkQueue {
  run<T>(work: () => Promise<T>, opts?: RunOptions): Promise<T>;
  readonly active: number;
  readonly queued: number;
  /** How many runs were refused (full queue or waited too long) since the queue was made (issue 45's metrics). */
  readonly rejected: number;
}

export function createWorkQueue({ concurrency, maxQueued, maxWaitMs }: WorkQueueOptions): WorkQueue {
  let active = 0;
  let rejected = 0;
  const refuse = () => {
    rejected += 1;
    return new OverloadError();
  };
  type Slot = { start: () => void; timer: NodeJS.Timeout };
  /** Continuing work first, then new work, each in arrival order. */
  const continuing: Slot[] = [];
  const waiting: Slot[] = [];

  const next = () => {
    active -= 1;
    const head = continuing.shift() ?? waiting.shift();
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
      return continuing.length + waiting.length;
    },
    get rejected() {
      return rejected;
    },
    run<T>(work: () => Promise<T>, opts: RunOptions = {}): Promise<T> {
      const go = () => {
        active += 1;
        return work().finally(next);
      };
      if (active < concurrency) return go();
      if (continuing.length + waiting.length >= maxQueued) return Promise.reject(refuse());
      const line = opts.continuing ? continuing : waiting;
      return new Promise<T>((resolve, reject) => {
        const slot: Slot = {
          start: () => go().then(resolve, reject),
          timer: setTimeout(() => {
            line.splice(line.indexOf(slot), 1);
            reject(refuse());
          }, maxWaitMs),
        };
        line.push(slot);
      });
    },
  };
}
