/**
 * `POST /anuncio`: multipart fields validated with the form's zod schema, photos processed by the
 * photos module, then quota check and insert in one statement. Atomic from the outside: if any
 * step fails, the photos already stored are deleted and no row remains.
 */
import type { FastifyInstance } from 'fastify';
import { MSG } from 'shared-contracts';
import { anuncioSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { deletePhotos, storeListingPhotos } from '../photos';
import { toAnuncio } from './serialize';
import { QuotaError, countOwn, deleteById, insertWithinQuota } from './repository';
import { searchChangeOf, searchRowOf } from '../search';
import { LISTING_BODY_MAX_BYTES, listingColumns, readUpload, refuseOver, registerListingUpload } from './upload';

class ClientGoneError extends Error {}

export default async function publishRoute(app: FastifyInstance, opts: { maxBodyBytes?: number }) {
  const { db, config, clock, photoStorage, searchChanges } = app;
  await registerListingUpload(app);
  const maxBodyBytes = opts.maxBodyBytes ?? LISTING_BODY_MAX_BYTES;

  // Order, cheapest first (issue 19): declared size, token, per-user and per-client limits, the
  // quota; only then is the body read and are the photos decoded.
  app.post('/anuncio', { onRequest: refuseOver(maxBodyBytes), preHandler: [app.authenticate, app.limitPublish] }, async (request, reply) => {
    const user = request.user!;
    // Cheap early answer before reading and re-encoding photos; the binding check is the INSERT's.
    if ((await countOwn(db, user.id)) >= user.miPlan) throw new HttpError(403, MSG.quotaReached);

    const { fields, files } = await readUpload(request, maxBodyBytes);
    const input = anuncioSchema.parse(fields);
    const keys = await storeListingPhotos(photoStorage, files);
    // A client that has gone (its connection closed while the photos were processed, e.g. the
    // idle timeout under heavy load) never sees an answer and will try again: keeping this
    // listing would make a duplicate the user did not ask for. Checked before the insert, and
    // after it: a listing saved while its client went is deleted again, so it is kept only when
    // someone is there to hear of it.
    const gone = () => request.raw.socket?.destroyed === true;
    try {
      if (gone()) throw new ClientGoneError();
      // The listing's period (issue 20) starts now by the API's clock, which tests can move; counts
      // read before this moment are moved by the publish rather than read again.
      const startedAt = clock.now();
      const now = new Date(startedAt);
      const row = await insertWithinQuota(db, user.id, {
        ...listingColumns(input, config.usdDopRate),
        imageKeys: keys,
        status: 'published',
        estado: 'activo',
        renewedAt: now,
        updatedAt: now,
      });
      if (gone()) {
        // Nothing was announced: any instance that read the listing meanwhile drops what it matches.
        await deleteById(db, row.id);
        await searchChanges.announce({ rows: [searchRowOf(row)] });
        throw new ClientGoneError();
      }
      await searchChanges.announce(searchChangeOf(null, row, (r) => toAnuncio(r, config.publicApiUrl)), startedAt);
      return reply.code(201).send(toAnuncio(row, config.publicApiUrl));
    } catch (err) {
      await deletePhotos(photoStorage, keys).catch((e) => request.log.error({ err: e }, 'no se pudieron borrar las fotos'));
      if (err instanceof QuotaError) throw new HttpError(403, MSG.quotaReached);
      if (err instanceof ClientGoneError) {
        request.log.warn('la conexión se cerró antes de guardar el anuncio: no se guardó');
        throw new HttpError(408, 'La conexión se cerró antes de guardar el anuncio; no se guardó nada.');
      }
      throw err;
    }
  });
}
