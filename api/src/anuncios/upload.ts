/**
 * The multipart listing body shared by `POST /anuncio` and `PUT /anuncio/{id}`: limits, the
 * refusal of oversized bodies before they are read, and the reading of text fields and photos.
 * One place, so both calls accept exactly the same uploads.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGES, MSG } from 'shared-contracts';
import { HttpError } from '../http-error';
import { PHOTO_MAX_BYTES } from '../photos';

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

/** Registers the multipart parser with the listing limits in the calling plugin's scope. */
export async function registerListingUpload(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
}

/**
 * The most a listing body may hold in all (issue 19): refused from its Content-Length before a byte
 * is read (issue 12, item 16), and counted while reading when it has none (chunked), so the photos
 * kept in memory for one request never exceed it by more than one photo.
 */
export const LISTING_BODY_MAX_BYTES = 120 * 1024 * 1024;

/** onRequest hook refusing a declared size over `maxBytes`. */
export function refuseOver(maxBytes: number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      // The connection is closed after the answer rather than drained of the unwanted body.
      reply.header('connection', 'close');
      throw new HttpError(413, MSG.invalidInput);
    }
  };
}
export const refuseOversized = refuseOver(LISTING_BODY_MAX_BYTES);

export async function readUpload(request: FastifyRequest, maxBytes = LISTING_BODY_MAX_BYTES): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  if (!request.isMultipart()) throw new HttpError(400, MSG.invalidInput);
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (IMAGE_FIELDS.has(part.fieldname)) {
          const data = await part.toBuffer();
          total += data.length;
          if (total > maxBytes) throw new HttpError(413, MSG.invalidInput);
          files.push(data);
        } else part.file.resume();
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

/** The form's values as the row's columns (both calls store a listing the same way). */
export function listingColumns(input: import('shared-contracts').AnuncioInput, usdDopRate: number) {
  return {
    ...input,
    metros: input.metros ?? null,
    habitaciones: input.habitaciones ?? null,
    banos: input.banos ?? null,
    nivel: input.nivel ?? null,
    priceRd: input.moneda === 'US' ? input.price * usdDopRate : input.price,
  };
}
