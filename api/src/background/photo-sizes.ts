/**
 * Issue 45: the sizes of photos stored before they were kept with the listing (migration 0021),
 * read from each rendition's header and stored (photos/photo-sizes.ts). Once at start, in the
 * background (a large backfill never holds the server's start); every path that stores photos
 * writes their sizes itself, so later runs are not needed. Idempotent: several instances starting
 * together may all run it. Closing stops it between two pages.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { fillPhotoSizes } from '../photos';
import { onStart, type BackgroundOptions } from './lifecycle';

async function photoSizesPlugin(app: FastifyInstance, opts: BackgroundOptions) {
  let closing = false;
  let run: Promise<void> | null = null;
  onStart(app, opts, () => {
    run = fillPhotoSizes(app.db, app.photoStorage, { stop: () => closing || opts.stopping() })
      .then((rows) => {
        if (rows) app.log.info({ rows }, 'tamaños de fotos guardados');
      })
      .catch((err: unknown) => app.log.error({ err }, 'no se pudieron guardar los tamaños de las fotos'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await run;
  });
}

export default fp(photoSizesPlugin, { name: 'photo-sizes', fastify: '5.x', dependencies: ['db', 'storage'] });
