/**
 * The search's shared state as one named plugin: the cache of answers (`app.searchCache`), the
 * changes that invalidate it here and on every other instance (`app.searchChanges`) and the
 * bounded queue every search's database work waits in (`app.searchQueue`, overload → 503).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createWorkQueue, type WorkQueueOptions } from '../db/work-queue';
import { createSearchCache, createSearchChanges } from '../search';

export interface SearchPluginOptions {
  /** Overrides the queue's bounds (the overload test makes them tiny). */
  queue?: Partial<WorkQueueOptions>;
}

/**
 * The search queue's bounds: PostgreSQL runs as many searches as the pool has connections
 * (10), PGlite four. PGlite runs one statement at a time on its thread, but each search also
 * decodes its answers and builds its reply on the API's thread: with two, the database's thread
 * waited for them a quarter of the time (decision 0005, session 13). Up to 200 wait, none longer
 * than 3 s.
 */
function searchQueueOptions(database: Database, overrides: Partial<WorkQueueOptions> = {}): WorkQueueOptions {
  return { concurrency: database.engine === 'postgres' ? 10 : 4, maxQueued: 200, maxWaitMs: 3_000, ...overrides };
}

async function searchPlugin(app: FastifyInstance, opts: SearchPluginOptions) {
  app.decorate('searchCache', createSearchCache(app.clock, undefined, undefined, undefined, app.telemetry.cacheLookup));
  const searchChanges = await createSearchChanges(app.database, app.searchCache, app.log, app.telemetry.notifyLag);
  app.addHook('onClose', () => searchChanges.close());
  app.decorate('searchChanges', searchChanges);
  app.decorate('searchQueue', createWorkQueue(searchQueueOptions(app.database, opts.queue)));
  // onClose hooks run last-registered first: the cache's background refreshes settle before the database closes.
  app.addHook('onClose', () => app.searchCache.settle());
}

export default fp(searchPlugin, { name: 'search', fastify: '5.x', dependencies: ['config', 'db', 'metrics'] });
