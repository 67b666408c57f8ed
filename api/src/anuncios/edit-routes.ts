/**
 * `PUT /anuncio/{id}` (issue 20): the owner edits every field and the photos. The body is the
 * multipart of `POST /anuncio` (same parser, limits and photo pipeline) plus two JSON fields:
 * `fotos`, the photos in their new order (a kept photo's key or `nueva:N` for the N-th uploaded
 * file; the first is the cover), and `quitadas`, the keys the owner removed.
 *
 * Concurrent edits of one listing never lose photos: the row is locked while the new list is
 * built from what it holds at that moment, so a photo added by an edit that committed meanwhile
 * (which this client never saw) is kept, appended at the end. Only photos named in `quitadas`
 * leave the listing, and their files are deleted after the commit (a rollback keeps them).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_IMAGES, MSG, type AnuncioInput } from 'shared-contracts';
import { NEW_PHOTO_PREFIX, anuncioSchema, fotosOrderSchema } from 'shared-contracts/schemas';
import { anuncioResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { bearer, errors, idParams, multipart } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { deletePhotos, photoSizesOf, sizesOfKeys } from '../photos';
import { toAnuncio } from './serialize';
import { LISTING_BODY_MAX_BYTES, listingColumns, refuseOver, registerListingUpload, storeUploadedPhotos, withListingUpload } from './upload';
import type { AnuncioRow } from '../db/schema';
import { findById } from './repository';
import { searchChangeOf } from '../search';
import { lockListing, recordPriceChange, updateListing } from './lifecycle-repository';
import { recordEvent } from '../moderation/repository';
import { checkBlockedContent } from '../moderation/blocked-content';
import { mayManageListing } from '../agencies/account-repository';

function parseJsonList(raw: string | undefined): unknown {
  if (raw === undefined) return [];
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, MSG.invalidInput);
  }
}

const isNew = (entry: string) => entry.startsWith(NEW_PHOTO_PREFIX);
const newIndex = (entry: string) => Number(entry.slice(NEW_PHOTO_PREFIX.length));

/** The listing's new photo list from its current one, the client's order and removals. */
export function mergePhotos(current: readonly string[], order: readonly string[], removed: ReadonlySet<string>, newKeys: readonly string[]): { keys: string[]; deleted: string[] } {
  const keys: string[] = [];
  for (const entry of order) {
    if (isNew(entry)) keys.push(newKeys[newIndex(entry)]);
    else if (current.includes(entry) && !removed.has(entry)) keys.push(entry);
  }
  for (const key of current) if (!keys.includes(key) && !removed.has(key)) keys.push(key);
  return { keys, deleted: current.filter((k) => !keys.includes(k)) };
}

/**
 * What an edit's `fotos` and `quitadas` ask for, against the photos the listing holds now: the
 * order, the removals, the uploads each entry places, and the list it would leave (uploads as
 * their `nueva:N` entry). Read before any photo is decoded, so a list over MAX_IMAGES costs no
 * decoding (issue 40); the binding check runs again under the row lock.
 */
function photoPlan(current: readonly string[], fields: Readonly<Record<string, string>>) {
  const order = fotosOrderSchema.parse(parseJsonList(fields.fotos));
  const removed = new Set(fotosOrderSchema.parse(parseJsonList(fields.quitadas)));
  const placed = order.filter(isNew).map(newIndex);
  const placeholders = Array.from({ length: Math.max(-1, ...placed) + 1 }, (_, i) => `${NEW_PHOTO_PREFIX}${i}`);
  const result = mergePhotos(current, order, removed, placeholders).keys;
  if (result.length > MAX_IMAGES) throw new HttpError(400, MSG.tooManyImages);
  return { order, removed, placed, result };
}

export default async function editRoute(app: FastifyInstance, opts: { maxBodyBytes?: number }) {
  const { db, config, clock, photoStorage, searchChanges } = app;
  await registerListingUpload(app);
  const maxBodyBytes = opts.maxBodyBytes ?? LISTING_BODY_MAX_BYTES;

  // Issue 40: an edit costs what a publish costs. The same order, cheapest first: declared size,
  // token, the upload budgets per user and per client, the listing's owner, the user's one upload
  // at a time; then the body, the photo count (as soon as the first photo arrives) and the fields,
  // and only then are photos decoded.
  const fields = anuncioSchema.extend({
    fotos: z.string().optional().describe('JSON list: the photos in their new order, kept keys and `nueva:N` for the N-th uploaded file'),
    quitadas: z.string().optional().describe('JSON list: the keys of the photos removed'),
  });
  const schema = { tags: ['Anuncios'], security: bearer, params: idParams, ...multipart(fields), response: { 200: anuncioResponseSchema, ...errors(401, 403, 404, 409, 413, 429) } };
  app.put<{ Params: { id: string } }>('/anuncio/:id', { onRequest: refuseOver(maxBodyBytes), preHandler: [app.authenticate, app.limitPublish], schema }, async (request, reply) => {
    const user = request.user!;
    const id = request.params.id;
    // Cheap early answers before reading photos; the binding checks run again under the row lock.
    const existing = isUuid(id) ? await findById(db, id) : null;
    if (!existing) throw new HttpError(404, MSG.notFound);
    if (!(await mayManageListing(db, existing, user.id))) throw new HttpError(403, MSG.forbiddenEdit);
    // Issue 23: a withdrawn listing stays as the moderator judged it (the owner may delete it).
    if (existing.estado === 'retirado') throw new HttpError(409, MSG.anuncioModerado);

    const onPhoto = (fields: Readonly<Record<string, string>>, count: number) => {
      // Fields sent after the photos (not the site's way) are checked once the body is read.
      if (fields.fotos === undefined) return;
      const plan = photoPlan(existing.imageKeys, fields);
      if (count > plan.placed.length) throw new HttpError(400, MSG.invalidInput);
    };
    /** Where the i-th uploaded photo goes in the listing (1 = the cover), to name a refused one. */
    const placeOf = (fields: Readonly<Record<string, string>>, i: number) =>
      fields.fotos === undefined ? i + 1 : photoPlan(existing.imageKeys, fields).result.indexOf(`${NEW_PHOTO_PREFIX}${i}`) + 1;
    return withListingUpload(app, request, reply, { maxBytes: maxBodyBytes, onPhoto, placeOf }, async ({ fields, photos }) => {
      const input = anuncioSchema.parse(fields);
      const plan = photoPlan(existing.imageKeys, fields);
      // Every uploaded file is placed exactly once.
      if (plan.placed.length !== photos.length || plan.placed.some((n) => n >= photos.length)) throw new HttpError(400, MSG.invalidInput);
      const newKeys = await storeUploadedPhotos(photoStorage, photos, (i) => placeOf(fields, i));
      return saveEdit(request, existing, input, plan, newKeys);
    });
  });

  /** The edit under the row lock, announced to the searches; removed photos go after the commit, new ones on any failure. */
  async function saveEdit(
    request: FastifyRequest,
    existing: AnuncioRow,
    input: AnuncioInput,
    plan: { order: string[]; removed: ReadonlySet<string> },
    newKeys: string[],
  ) {
    const user = request.user!;
    const id = existing.id;
    let deleted: string[] = [];
    let before: AnuncioRow | null = null;
    try {
      // Issue 40: a new phone or photo of a blocked account holds the listing for a moderator.
      const content = await checkBlockedContent(app, user.id, { movil: input.movil, photoKeys: newKeys, before: existing });
      const startedAt = clock.now();
      const row = await db.transaction(async (tx) => {
        const locked = await lockListing(tx, id);
        if (!locked) throw new HttpError(404, MSG.notFound);
        if (!(await mayManageListing(tx, locked, user.id))) throw new HttpError(403, MSG.forbiddenEdit);
        if (locked.estado === 'retirado') throw new HttpError(409, MSG.anuncioModerado);
        before = locked;
        const photos = mergePhotos(locked.imageKeys, plan.order, plan.removed, newKeys);
        if (photos.keys.length > MAX_IMAGES) throw new HttpError(400, MSG.tooManyImages);
        deleted = photos.deleted;
        const now = new Date(clock.now());
        const columns = listingColumns(input, config.usdDopRate, locked);
        await recordPriceChange(tx, locked, columns, now);
        // A held listing stays held (its estado is untouched); the moderators see that it changed.
        if (locked.estado === 'en revisión') await recordEvent(tx, { anuncioId: id, userId: user.id, accion: 'editado', createdAt: now });
        return updateListing(tx, id, { ...columns, imageKeys: photos.keys, imageSizes: { ...sizesOfKeys(locked.imageSizes, photos.keys), ...photoSizesOf(newKeys) }, updatedAt: now, ...(await content.heldOnEdit(tx, locked)) });
      });
      // The entries its old and its new values belong to, on every instance.
      await searchChanges.announce(searchChangeOf(before, row, (r) => toAnuncio(r, config.photosBaseUrl)), startedAt);
      await deletePhotos(photoStorage, deleted).catch((err) => request.log.error({ err }, 'no se pudieron borrar las fotos quitadas'));
      return toAnuncio(row, config.photosBaseUrl, config.listingTtlDays);
    } catch (err) {
      await deletePhotos(photoStorage, newKeys).catch((e) => request.log.error({ err: e }, 'no se pudieron borrar las fotos'));
      throw err;
    }
  }
}
