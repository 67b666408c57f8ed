/** Photo storage as a decorator (the one door to photos): files under DATA_DIR/photos unless the caller hands in another. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { dataDirPhotoStorage, type PhotoStorage } from '../photos';

async function storagePlugin(app: FastifyInstance, opts: { storage?: PhotoStorage }) {
  app.decorate('photoStorage', opts.storage ?? dataDirPhotoStorage(app.config.dataDir));
}

export default fp(storagePlugin, { name: 'storage', fastify: '5.x', dependencies: ['config'] });
