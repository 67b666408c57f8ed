/**
 * Issue 24, item 5: the server's background work is plugins registered by buildApp. With
 * `background` the app holds its data directory (api.pid) and the jobs start as it gets ready —
 * the orphan sweep removes a photo no listing names, and the temporary files of an upload a killed
 * process left (issue 40) — and all is released on close; once the
 * process is stopping no job starts; without `background` (tests, scripts) nothing runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app';
import { ManualClock, testConfig } from './support/app';
import { engines, openTestDatabase, type TestDatabase } from './support/engines';

const ORPHAN = `${'a'.repeat(32)}.webp`;

describe.each(engines())('background plugins on %s', (engine) => {
  const cases = [
    { name: 'started', background: { stopping: false }, swept: true },
    { name: 'stopping', background: { stopping: true }, swept: false },
    { name: 'absent', background: null, swept: false },
  ] as const;
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
  });
  afterAll(() => testDb.drop());

  test.each(cases)('$name: the orphan photo is swept at start only when the jobs run', async ({ background, swept }) => {
    const config = testConfig();
    try {
      const photos = path.join(config.dataDir, 'photos');
      fs.mkdirSync(photos, { recursive: true });
      fs.writeFileSync(path.join(photos, ORPHAN), 'x');
      // Two hours old: on PostgreSQL the start-up sweep spares younger files (a publish of another instance).
      const twoHoursAgo = (Date.now() - 2 * 3600_000) / 1000;
      fs.utimesSync(path.join(photos, ORPHAN), twoHoursAgo, twoHoursAgo);
      // Issue 40: an upload a killed process left half-read, and one that may be another instance's now.
      const oldUpload = path.join(config.dataDir, 'uploads', 'u-old');
      const youngUpload = path.join(config.dataDir, 'uploads', 'u-young');
      for (const dir of [oldUpload, youngUpload]) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, '0'), 'medio');
      }
      fs.utimesSync(oldUpload, twoHoursAgo, twoHoursAgo);
      const app = await buildApp(config, {
        logger: false,
        clock: new ManualClock(),
        database: testDb.database,
        ...(background ? { background: { stopping: () => background.stopping, env: {} } } : {}),
      });
      await app.ready();
      expect(fs.existsSync(path.join(photos, ORPHAN))).toBe(!swept);
      expect(fs.existsSync(oldUpload)).toBe(!swept);
      // The embedded database's process owns DATA_DIR alone; on PostgreSQL a young one may be live.
      expect(fs.existsSync(youngUpload)).toBe(!swept || engine === 'postgres');
      const pidFile = path.join(config.dataDir, 'api.pid');
      expect(fs.existsSync(pidFile)).toBe(background !== null);
      await app.close();
      expect(fs.existsSync(pidFile)).toBe(false);
    } finally {
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
    // A whole start-up and close (migrations checked, a VACUUM on PGlite) on a loaded machine.
  }, 120_000);
});
