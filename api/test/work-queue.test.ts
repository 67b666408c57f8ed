/**
 * The search queue's order (db/work-queue.ts): a search whose count already ran gets its page
 * before searches that have not started, so a request waits in line once, not twice; the bounds
 * (how many wait, how long) hold for both kinds of work.
 */
import { createWorkQueue, OverloadError } from '../src/db/work-queue';

/** A job that runs until released, recording when it started. */
function job(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => (started.push(name), done.then(() => name)), release: () => release() };
}

describe('search work queue', () => {
  it('starts continuing work before new work, each in arrival order', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 10, maxWaitMs: 5_000 });
    const started: string[] = [];
    const first = job(started, 'first');
    const running = queue.run(first.work);
    const quick = (name: string) => async () => {
      started.push(name);
    };
    const waiting = [
      queue.run(quick('new A')),
      queue.run(quick('new B')),
      queue.run(quick('page C'), { continuing: true }),
      queue.run(quick('page D'), { continuing: true }),
    ];
    expect(queue.queued).toBe(4);
    first.release();
    await Promise.all([running, ...waiting]);
    expect(started).toEqual(['first', 'page C', 'page D', 'new A', 'new B']);
  });

  it('bounds how many wait, counting both kinds, and how long each waits', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 2, maxWaitMs: 50 });
    const started: string[] = [];
    const blocker = job(started, 'blocker');
    const running = queue.run(blocker.work);
    const waitingNew = queue.run(job(started, 'new').work);
    const waitingPage = queue.run(job(started, 'page').work, { continuing: true });
    // A third waiting job, of either kind, is refused at once.
    await expect(queue.run(job(started, 'late').work, { continuing: true })).rejects.toBeInstanceOf(OverloadError);
    await expect(queue.run(job(started, 'late').work)).rejects.toBeInstanceOf(OverloadError);
    // Both waiting jobs give up after maxWaitMs, and leave the line.
    const settled = await Promise.allSettled([waitingNew, waitingPage]);
    expect(settled.map((r) => r.status === 'rejected' && r.reason instanceof OverloadError)).toEqual([true, true]);
    expect(queue.queued).toBe(0);
    blocker.release();
    await running;
    expect(started).toEqual(['blocker']);
    expect(queue.active).toBe(0);
  });
});
