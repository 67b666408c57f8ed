/**
 * Photo storage as a decorator (the one door to photos): the bucket of PHOTOS_S3_BUCKET, else files
 * under DATA_DIR/photos, unless the caller hands in another (photos/photo-config.ts, decision 0027).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PhotoStorage } from '../photos';
import { photoStorageOf } from '../photos/photo-config';

async function storagePlugin(app: FastifyInstance, opts: { storage?: PhotoStorage }) {
  const storage = opts.storage ?? photoStorageOf(app.config.photos, app.config.dataDir);
  app.decorate('photoStorage', storage);
  // Only what this plugin opened: a storage handed in belongs to its caller.
  if (!opts.storage) app.addHook('onClose', async () => storage.close?.());
}

export default fp(storagePlugin, { name: 'storage', fastify: '5.x', dependencies: ['config'] });
