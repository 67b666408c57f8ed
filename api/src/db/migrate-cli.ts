/**
 * `npm run db:migrate` (issue 45): the release step that applies pending migrations before the
 * new instances start (they can then run with MIGRATE_ON_START=false). The same migrator as a
 * start: on PostgreSQL under the migrations advisory lock (one runner, the others wait), on the
 * embedded PGlite only while no API holds DATA_DIR. Exit 0 with how many were applied, 1 with
 * the reason.
 */
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { lockDataDir } from './data-dir-lock';
import { knownMigrations, pendingMigrations } from './migration-status';

async function main(): Promise<number> {
  const config = loadConfig(process.env, process.cwd(), { tool: true });
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir, 'db:migrate');
  const database = await openDatabase(config);
  try {
    const before = await pendingMigrations(database.db);
    await database.migrate();
    const after = await pendingMigrations(database.db);
    console.log(`✓ migraciones aplicadas: ${before - after} (al día: ${knownMigrations()} en total, motor ${database.engine})`);
    return after === 0 ? 0 : 1;
  } finally {
    await database.close();
    await lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`✗ ${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
