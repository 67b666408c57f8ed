/**
 * `POST /anuncio`: multipart fields validated with the form's zod schema, photos processed by the
 * photos module, then quota check and insert in one statement. Atomic from the outside: if any
 * step fails, the photos already stored are deleted and no row remains.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, type AnuncioInput } from 'shared-contracts';
import { anuncioSchema } from 'shared-contracts/schemas';
import { anuncioResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { bearer, errors, multipart } from '../route-schemas';
import { deletePhotos, photoSizesOf } from '../photos';
import { toAnuncio } from './serialize';
import { QuotaError, deleteById, insertWithinQuota, memberAgencySlug, quotaOf } from './repository';
import { searchChangeOf, searchRowOf } from '../search';
import { LISTING_BODY_MAX_BYTES, listingColumns, refuseOver, registerListingUpload, storeUploadedPhotos, withListingUpload } from './upload';
import { checkBlockedContent } from '../moderation/blocked-content';

class ClientGoneError extends Error {}

export default async function publishRoute(app: FastifyInstance, opts: { maxBodyBytes?: number }) {
  const { db, config, clock, photoStorage, searchChanges } = app;
  await registerListingUpload(app);
  const maxBodyBytes = opts.maxBodyBytes ?? LISTING_BODY_MAX_BYTES;

  // Order, cheapest first (issues 19 and 40): declared size, token, per-user and per-client limits,
  // the quota, the user's one upload at a time; only then is the body read (photos to temporary
  // files), the fields checked, and only then are the photos decoded.
  const schema = { tags: ['Anuncios'], security: bearer, ...multipart(anuncioSchema), response: { 201: anuncioResponseSchema, ...errors(401, 403, 408, 413, 429) } };
  app.post('/anuncio', { onRequest: refuseOver(maxBodyBytes), preHandler: [app.authenticate, app.limitPublish], schema }, async (request, reply) => {
    const user = request.user!;
    // Cheap early answer before reading and re-encoding photos; the binding check is the INSERT's.
    // Issue 46: an agency member's quota is the agency's, and the listing is the agency's (source).
    const quota = await quotaOf(db, user.id);
    if (quota.used >= quota.miPlan) throw new HttpError(403, MSG.quotaReached);

    return withListingUpload(app, request, reply, { maxBytes: maxBodyBytes }, async ({ fields, photos }) => {
      const input = anuncioSchema.parse(fields);
      const keys = await storeUploadedPhotos(photoStorage, photos);
      return saveListing(request, reply, input, keys);
    });
  });

  /** The listing's row, inserted within the quota, announced to the searches; its photos go on any failure. */
  async function saveListing(request: FastifyRequest, reply: FastifyReply, input: AnuncioInput, keys: string[]) {
    const user = request.user!;
    // A client that has gone (its connection closed while the photos were processed, e.g. the
    // idle timeout under heavy load) never sees an answer and will try again: keeping this
    // listing would make a duplicate the user did not ask for. Checked before the insert, and
    // after it: a listing saved while its client went is deleted again, so it is kept only when
    // someone is there to hear of it.
    const gone = () => request.raw.socket?.destroyed === true;
    try {
      // Issue 40: a blocked account's phone or photo holds the listing for a moderator.
      const content = await checkBlockedContent(app, user.id, { movil: input.movil, photoKeys: keys });
      if (gone()) throw new ClientGoneError();
      // The listing's period (issue 20) starts now by the API's clock, which tests can move; counts
      // read before this moment are moved by the publish rather than read again.
      const startedAt = clock.now();
      const now = new Date(startedAt);
      const row = await insertWithinQuota(db, user.id, {
        ...listingColumns(input, config.usdDopRate),
        imageKeys: keys,
        imageSizes: photoSizesOf(keys),
        // Issue 46: a member's listing is the agency's, read in the INSERT itself (an agent removed
        // while the photos were processed publishes as a private person).
        source: memberAgencySlug(user.id),
        status: 'published',
        ...content.columns,
        renewedAt: now,
        updatedAt: now,
      });
      if (gone()) {
        // Nothing was announced: any instance that read the listing meanwhile drops what it matches.
        await deleteById(db, row.id);
        await searchChanges.announce({ rows: [searchRowOf(row)] });
        throw new ClientGoneError();
      }
      await content.recorded(db, row);
      await searchChanges.announce(searchChangeOf(null, row, (r) => toAnuncio(r, config.photosBaseUrl)), startedAt);
      // Returned, not sent: the answer leaves once the upload's temporary files are gone.
      reply.code(201);
      return toAnuncio(row, config.photosBaseUrl);
    } catch (err) {
      await deletePhotos(photoStorage, keys).catch((e) => request.log.error({ err: e }, 'no se pudieron borrar las fotos'));
      if (err instanceof QuotaError) throw new HttpError(403, MSG.quotaReached);
      if (err instanceof ClientGoneError) {
        request.log.warn('la conexión se cerró antes de guardar el anuncio: no se guardó');
        throw new HttpError(408, 'La conexión se cerró antes de guardar el anuncio; no se guardó nada.');
      }
      throw err;
    }
  }
}
