/** Photo storage as a decorator: files under DATA_DIR/photos unless the caller hands in another. */
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createDiskStorage, type PhotoStorage } from '../photos';

async function storagePlugin(app: FastifyInstance, opts: { storage?: PhotoStorage }) {
  app.decorate('photoStorage', opts.storage ?? createDiskStorage(path.join(app.config.dataDir, 'photos')));
}

export default fp(storagePlugin, { name: 'storage', fastify: '5.x', dependencies: ['config'] });
