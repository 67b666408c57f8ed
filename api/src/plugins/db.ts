/**
 * The database as a decorator (`app.db`, `app.database`). Migrations are applied when the plugin
 * loads, so a started app always has the current schema. A database handed in by the caller (tests,
 * scripts) is left open for the caller to close; one opened here is closed with the app.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client';

export interface DbPluginOptions {
  database?: Database;
}

async function dbPlugin(app: FastifyInstance, opts: DbPluginOptions) {
  const database = opts.database ?? (await openDatabase(app.config));
  if (!opts.database) app.addHook('onClose', () => database.close());
  await database.migrate();
  app.decorate('database', database);
  app.decorate('db', database.db);
}

export default fp(dbPlugin, { name: 'db', fastify: '5.x', dependencies: ['config'] });
