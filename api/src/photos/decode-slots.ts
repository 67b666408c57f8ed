/**
 * A process-wide bound on photos being decoded and re-encoded at once. Each upload already works
 * through its photos with a few workers, but concurrent uploads and feed imports would multiply
 * that; one shared set of slots keeps the decoded pixels in memory bounded whatever the traffic,
 * and matches the work to the cores (sharp runs one libvips thread per image on glibc Linux).
 */

/** Two slots for a 2-core machine: more only queue for the same cores and hold more pixels. */
export const PHOTO_CONCURRENCY = 2;

export interface Slots {
  readonly limit: number;
  /** Tasks running now. */
  readonly active: number;
  /** Most tasks ever running at once (what the benchmark and the tests check). */
  readonly peak: number;
  /** Tasks ever started: how many photos were decoded (the tests check that a refusal decoded none). */
  readonly started: number;
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSlots(limit: number): Slots {
  let active = 0;
  let peak = 0;
  let started = 0;
  const waiting: (() => void)[] = [];

  // A freed slot passes straight to the next waiter, so `active` never dips and lets a newcomer
  // jump the queue.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    limit,
    get active() {
      return active;
    },
    get peak() {
      return peak;
    },
    get started() {
      return started;
    },
    async run(task) {
      if (active < limit) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      peak = Math.max(peak, active);
      started += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** The slots every photo of this process goes through (uploads, feed imports, the demo seed). */
export const photoDecodeSlots = createSlots(PHOTO_CONCURRENCY);
