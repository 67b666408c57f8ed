/**
 * The multipart listing body shared by `POST /anuncio` and `PUT /anuncio/{id}`: limits, the
 * refusal of oversized bodies before they are read, and the reading of text fields and photos.
 * One place, so both calls accept exactly the same uploads at the same cost (issue 40).
 *
 * Photos are streamed to files in a temporary directory of the request (DATA_DIR/uploads), never
 * buffered whole: a 120 MB body costs disk, not memory, and the photo pipeline reads one file
 * per decode slot. The directory is removed whatever happens (success, refusal, a client that
 * goes away mid-upload); one left by a killed process is removed at the next start.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGES, MSG, photoRefusal } from 'shared-contracts';
import type { AnuncioRow } from '../db/schema';
import { HttpError } from '../http-error';
import { attributeColumns } from './attributes';
import { PHOTO_MAX_BYTES, PhotoError, storeListingPhotos, type PhotoStorage } from '../photos';

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
 * is read (issue 12, item 16), and counted while reading when it has none (chunked).
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

/** The temporary files of uploads in progress, inside DATA_DIR. */
export const UPLOADS_DIR = 'uploads';
export const uploadsRoot = (dataDir: string) => path.join(dataDir, UPLOADS_DIR);

/** A photo of the body, streamed to `path`; `name` is the file name the client sent (its own text). */
export interface UploadedPhoto {
  path: string;
  name: string;
}
export interface ListingUpload {
  fields: Record<string, string>;
  photos: UploadedPhoto[];
}
export interface UploadOptions {
  maxBytes: number;
  /**
   * Called as each photo starts to arrive, with the fields read so far (the site sends every field
   * first) and the count including this photo; throws to refuse the body before this photo is read.
   */
  onPhoto?(fields: Readonly<Record<string, string>>, count: number): void;
  /** The place (1 = the cover) the `index`-th uploaded photo takes in the listing, for naming a refused one; by default its upload order. */
  placeOf?(fields: Readonly<Record<string, string>>, index: number): number;
}

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** Counts the body's file bytes across parts; past `maxBytes` the upload fails with 413. */
function byteBudget(maxBytes: number) {
  let total = 0;
  return () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        done(total > maxBytes ? new HttpError(413, MSG.invalidInput) : null, chunk);
      },
    });
}

async function readUpload(request: FastifyRequest, dir: string, opts: UploadOptions): Promise<ListingUpload> {
  if (!request.isMultipart()) throw new HttpError(400, MSG.invalidInput);
  const fields: Record<string, string> = {};
  const photos: UploadedPhoto[] = [];
  const counted = byteBudget(opts.maxBytes);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!IMAGE_FIELDS.has(part.fieldname)) {
          // Not kept, but counted: a chunked body stays within its bound whatever its parts are called.
          await pipeline(part.file, counted(), discard());
          continue;
        }
        const photo = { path: path.join(dir, String(photos.length)), name: part.filename ?? '' };
        opts.onPhoto?.(fields, photos.length + 1);
        await pipeline(part.file, counted(), createWriteStream(photo.path, { flags: 'wx' }));
        if (part.file.truncated) {
          const position = opts.placeOf?.(fields, photos.length) ?? photos.length + 1;
          const message = photoRefusal({ name: photo.name, position }, MSG.imageTooLarge);
          throw new HttpError(413, message, { error: message, foto: photo.name });
        }
        photos.push(photo);
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
  return { fields, photos };
}

/** How long a client refused for a concurrent upload should wait: about one 30-photo upload. */
const BUSY_RETRY_SECONDS = 5;

/**
 * Reads a listing body and hands it to `work`, one upload at a time per user on this instance
 * (issue 40: a second one of the same user is refused with 429 before its body is read). The
 * temporary files are removed, and the user's turn released, when `work` has settled, whatever
 * happened; a refusal before the body was read whole closes the connection rather than
 * draining the rest.
 */
export async function withListingUpload<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: UploadOptions,
  work: (upload: ListingUpload) => Promise<T>,
): Promise<T> {
  const userId = request.user!.id;
  if (!app.uploadsInProgress.claim(userId)) {
    reply.header('retry-after', String(BUSY_RETRY_SECONDS));
    reply.header('connection', 'close');
    throw new HttpError(429, MSG.subidaEnCurso);
  }
  let dir: string | null = null;
  try {
    const root = uploadsRoot(app.config.dataDir);
    await mkdir(root, { recursive: true });
    dir = await mkdtemp(path.join(root, 'u-'));
    const upload = await readUpload(request, dir, opts).catch((err: unknown) => {
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      throw err;
    });
    return await work(upload);
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true }).catch((err: unknown) => request.log.error({ err }, 'no se pudo borrar la subida temporal'));
    app.uploadsInProgress.release(userId);
  }
}

/**
 * Decodes and stores the uploaded photos (all or nothing). A refused photo is named in the answer:
 * its file name and its place among the listing's photos (`placeOf`, 1 = the cover).
 */
export async function storeUploadedPhotos(storage: PhotoStorage, photos: readonly UploadedPhoto[], placeOf: (index: number) => number = (i) => i + 1): Promise<string[]> {
  try {
    return await storeListingPhotos(
      storage,
      photos.map((p) => p.path),
    );
  } catch (err) {
    if (err instanceof PhotoError && err.statusCode < 500 && err.index !== undefined && photos[err.index]) {
      // `foto`: the refused file's name as sent, so the form can mark that photo (issue 47).
      const message = photoRefusal({ name: photos[err.index].name, position: placeOf(err.index) }, err.message);
      throw new HttpError(400, message, { error: message, foto: photos[err.index].name });
    }
    throw err;
  }
}

/**
 * Removes what uploads cut short by a killed process left behind (called at start). Only entries
 * older than `olderThanMs`: on a shared DATA_DIR another instance may be reading an upload now.
 */
export async function removeStaleUploads(dataDir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  const root = uploadsRoot(dataDir);
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const entry = path.join(root, name);
    const info = await stat(entry).catch(() => null);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    await rm(entry, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * The form's values as the row's columns (both calls store a listing the same way); `stored`, on
 * an edit, gives the issue-42 attributes the request does not carry (anuncios/attributes.ts).
 */
export function listingColumns(input: import('shared-contracts').AnuncioInput, usdDopRate: number, stored: AnuncioRow | null = null) {
  return {
    ...input,
    metros: input.metros ?? null,
    habitaciones: input.habitaciones ?? null,
    banos: input.banos ?? null,
    nivel: input.nivel ?? null,
    priceRd: input.moneda === 'US' ? input.price * usdDopRate : input.price,
    ...attributeColumns(input, usdDopRate, stored),
  };
}
