/**
 * `POST /anuncio`: multipart fields validated with the form's zod schema, photos processed by the
 * photos module, then quota check and insert in one transaction. Atomic from the outside: if any
 * step fails, the photos already stored are deleted and no row remains.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGES, MSG } from 'shared-contracts';
import { anuncioSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { PHOTO_MAX_BYTES, deletePhotos, storeListingPhotos } from '../photos';
import { toAnuncio } from './serialize';
import { QuotaError, countOwn, insertWithinQuota } from './repository';
import { searchRowOf } from './search-query';

export const UPLOAD_LIMITS = {
  files: MAX_IMAGES,
  fileSize: PHOTO_MAX_BYTES,
  fields: 40,
  parts: MAX_IMAGES + 40,
  fieldSize: 20 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
} as const;

const IMAGE_FIELDS = new Set(['images', 'images[]']);
const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_FILES_LIMIT: [400, MSG.tooManyImages],
  FST_REQ_FILE_TOO_LARGE: [413, MSG.imageTooLarge],
  FST_PARTS_LIMIT: [413, MSG.invalidInput],
  FST_FIELDS_LIMIT: [413, MSG.invalidInput],
  FST_PROTO_VIOLATION: [400, MSG.invalidInput],
};

async function readUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (IMAGE_FIELDS.has(part.fieldname)) files.push(await part.toBuffer());
        else part.file.resume();
        continue;
      }
      const value = part.value;
      if (part.valueTruncated || typeof value !== 'string' || value.includes('\u0000') || value.includes('\uFFFD')) {
        throw new HttpError(400, MSG.invalidInput);
      }
      if (!(part.fieldname in fields)) fields[part.fieldname] = value;
    }
  } catch (err) {
    const mapped = MULTIPART_ERRORS[(err as { code?: string }).code ?? ''];
    if (mapped) throw new HttpError(mapped[0], mapped[1]);
    throw err;
  }
  return { fields, files };
}

class ClientGoneError extends Error {}

export default async function publishRoute(app: FastifyInstance) {
  const { db, config, photoStorage, searchChanges } = app;
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  // Refused from the declared size before a byte of the body is read (issue 12, item 16).
  const maxUploadBytes = UPLOAD_LIMITS.files * UPLOAD_LIMITS.fileSize + UPLOAD_LIMITS.fields * UPLOAD_LIMITS.fieldSize + 1024 * 1024;
  const refuseOversized = async (request: FastifyRequest, reply: FastifyReply) => {
    if (Number(request.headers['content-length'] ?? 0) > maxUploadBytes) {
      // The connection is closed after the answer rather than drained of the unwanted body.
      reply.header('connection', 'close');
      throw new HttpError(413, MSG.invalidInput);
    }
  };

  app.post('/anuncio', { onRequest: refuseOversized, preHandler: app.authenticate }, async (request, reply) => {
    const user = request.user!;
    if (!request.isMultipart()) throw new HttpError(400, MSG.invalidInput);
    // Cheap early answer before reading and re-encoding photos; the binding check is the transaction's.
    if ((await countOwn(db, user.id)) >= user.miPlan) throw new HttpError(403, MSG.quotaReached);

    const { fields, files } = await readUpload(request);
    const input = anuncioSchema.parse(fields);
    const keys = await storeListingPhotos(photoStorage, files);
    // A client that has gone (its connection closed while the photos were processed, e.g. the
    // idle timeout under heavy load) never sees an answer and will try again: keeping this
    // listing would make a duplicate the user did not ask for. Checked before and inside the
    // transaction, so the listing is saved only while someone is waiting for it.
    const stillWaiting = () => {
      if (request.raw.socket?.destroyed) throw new ClientGoneError();
    };
    try {
      stillWaiting();
      const row = await insertWithinQuota(db, user.id, {
        ...input,
        metros: input.metros ?? null,
        habitaciones: input.habitaciones ?? null,
        banos: input.banos ?? null,
        nivel: input.nivel ?? null,
        priceRd: input.moneda === 'US' ? input.price * config.usdDopRate : input.price,
        imageKeys: keys,
        status: 'published',
      }, stillWaiting);
      await searchChanges.announce({ rows: [searchRowOf(row)] });
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
