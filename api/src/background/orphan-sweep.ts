/**
 * Photos of publishes cut short by a crash (stored, but their row never committed): swept at
 * start, then hourly sparing anything younger than an hour (a publish or an import in progress).
 * At start on PGlite with photos on disk every orphan goes (the process owns the data directory alone). The temporary
 * files of uploads a crash cut short (DATA_DIR/uploads, issue 40) go at start the same way.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { removeOrphanPhotos, startOrphanSweep } from '../photos/sweep-orphans';
import { removeStaleUploads } from '../anuncios/upload';
import { onStart, type BackgroundOptions } from './lifecycle';

const HOUR_MS = 60 * 60_000;

async function orphanSweepPlugin(app: FastifyInstance, opts: BackgroundOptions) {
  let sweeper: { stop(): Promise<void> } | null = null;
  onStart(app, opts, async () => {
    // A bucket (issue 45) is reachable by other processes even beside an embedded database.
    const spare = app.database.engine === 'pglite' && !app.config.photos.s3 ? 0 : HOUR_MS;
    const orphans = await removeOrphanPhotos(app.db, app.photoStorage, spare);
    if (orphans.length) app.log.info({ count: orphans.length }, 'fotos huérfanas eliminadas');
    const uploads = await removeStaleUploads(app.config.dataDir, spare);
    if (uploads) app.log.info({ count: uploads }, 'subidas interrumpidas eliminadas');
    sweeper = startOrphanSweep(app, { everyMs: HOUR_MS, olderThanMs: HOUR_MS });
  });
  // A sweep in progress finishes before the database closes.
  app.addHook('onClose', async () => sweeper?.stop());
}

export default fp(orphanSweepPlugin, { name: 'orphan-sweep', fastify: '5.x', dependencies: ['db', 'storage'] });
