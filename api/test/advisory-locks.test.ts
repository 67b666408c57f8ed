/**
 * One instance at a time (issue 18): the partner-feed scheduler runs its imports through
 * `whileLocked(ADVISORY_LOCKS.feeds)`. On PostgreSQL each call holds the lock on its own
 * connection (session), as another instance would: while one holder runs, a second call is
 * skipped (null), and once the first is done the next runs. PGlite is one process: it just runs.
 */
import { ADVISORY_LOCKS } from '../src/db/client';
import { engines, openTestDatabase, type TestDatabase } from './support/engines';

describe.each(engines())('advisory locks on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(engine);
  });
  afterAll(() => t.drop());

  test('a second holder is skipped while the first runs, and runs after it', async () => {
    const { database } = t;
    let release!: () => void;
    const first = database.whileLocked(ADVISORY_LOCKS.feeds, () => new Promise<string>((r) => (release = () => r('first'))));
    await new Promise((r) => setTimeout(r, 100));
    const second = await database.whileLocked(ADVISORY_LOCKS.feeds, async () => 'second');
    expect(second).toBe(engine === 'postgres' ? null : 'second');
    release();
    expect(await first).toBe('first');
    expect(await database.whileLocked(ADVISORY_LOCKS.feeds, async () => 'third')).toBe('third');
    // Another lock key is independent.
    expect(await database.whileLocked(ADVISORY_LOCKS.migrations, async () => 'other')).toBe('other');
  });
});
