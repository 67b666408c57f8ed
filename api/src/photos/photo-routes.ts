/**
 * GET /photos/:key — stored photos, immutable under their random names, so browsers and CDNs
 * may keep them for a year; nosniff so a stored byte string is never run as anything else.
 * WebP renditions, and the alert emails' JPEG one (`-card.jpg`, mail-rendition.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MSG } from 'shared-contracts';
import { apiErrorSchema } from 'shared-contracts/responses';
import { contentTypeOfKey, isValidPhotoKey, type PhotoStorage } from './storage';

const servable = (key: string) => isValidPhotoKey(key) && (key.endsWith('.webp') || key.endsWith('-card.jpg'));

export interface PhotoRoutesOptions {
  storage: PhotoStorage;
}

const binary = { schema: z.string().meta({ format: 'binary' }) };
const schema = {
  tags: ['Fotos'],
  params: z.object({ key: z.string() }),
  response: {
    200: { description: 'The photo (WebP; the alert emails\' `-card.jpg` rendition is JPEG)', content: { 'image/webp': binary, 'image/jpeg': binary } },
    404: apiErrorSchema,
  },
};

const photoRoutes: FastifyPluginAsync<PhotoRoutesOptions> = async (app, opts) => {
  const { storage } = opts;
  app.get<{ Params: { key: string } }>('/photos/:key', { schema }, async (req, reply) => {
    const { key } = req.params;
    const found = servable(key) ? await storage.get(key) : null;
    if (!found) return reply.code(404).header('x-content-type-options', 'nosniff').send({ error: MSG.photoNotFound });
    return reply
      .header('content-type', contentTypeOfKey(key))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.data);
  });
};

export default photoRoutes;
