/**
 * The database as a decorator (`app.db`, `app.database`). Migrations are applied when the plugin
 * loads (the phase says `migrating` meanwhile, ops/phase.ts), so a started app always has the
 * current schema; with MIGRATE_ON_START=false they are left to the release step
 * (`npm run db:migrate`, scripts/db-migrate.ts). A database handed in by the caller (tests,
 * scripts) is left open for the caller to close; one opened here is closed with the app.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client';
import { pendingMigrations } from '../db/migration-status';
import { ConfigError } from '../config';

export interface DbPluginOptions {
  database?: Database;
}

async function dbPlugin(app: FastifyInstance, opts: DbPluginOptions) {
  const database = opts.database ?? (await openDatabase(app.config));
  if (!opts.database) app.addHook('onClose', () => database.close());
  if (app.config.migrateOnStart !== false) {
    app.phase.set('migrating');
    await database.migrate();
    app.phase.set('starting');
  } else {
    const pending = await pendingMigrations(database.db);
    if (pending > 0) {
      if (!opts.database) await database.close();
      throw new ConfigError(`MIGRATE_ON_START=false y la base de datos tiene ${pending} migración(es) pendiente(s): ejecuta \`npm run db:migrate\` antes de arrancar las instancias`);
    }
  }
  app.decorate('database', database);
  app.decorate('db', database.db);
}

export default fp(dbPlugin, { name: 'db', fastify: '5.x', dependencies: ['config', 'health'] });
