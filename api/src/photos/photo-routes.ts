/**
 * GET /photos/:key — stored photos, immutable under their random names, so browsers and CDNs
 * may keep them for a year; nosniff so a stored byte string is never run as anything else.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MSG } from 'shared-contracts';
import { isValidPhotoKey, type PhotoStorage } from './storage';

export interface PhotoRoutesOptions {
  storage: PhotoStorage;
}

const photoRoutes: FastifyPluginAsync<PhotoRoutesOptions> = async (app, opts) => {
  const { storage } = opts;
  app.get<{ Params: { key: string } }>('/photos/:key', async (req, reply) => {
    const { key } = req.params;
    const found = isValidPhotoKey(key) && key.endsWith('.webp') ? await storage.get(key) : null;
    if (!found) return reply.code(404).header('x-content-type-options', 'nosniff').send({ error: MSG.photoNotFound });
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.data);
  });
};

export default photoRoutes;
