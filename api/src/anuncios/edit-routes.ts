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
import type { FastifyInstance } from 'fastify';
import { MAX_IMAGES, MSG } from 'shared-contracts';
import { NEW_PHOTO_PREFIX, anuncioSchema, fotosOrderSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { deletePhotos, storeListingPhotos } from '../photos';
import { toAnuncio } from './serialize';
import { listingColumns, readUpload, refuseOversized, registerListingUpload } from './upload';
import type { AnuncioRow } from '../db/schema';
import { findById } from './repository';
import { searchChangeOf } from '../search';
import { lockListing, recordPriceChange, updateListing } from './lifecycle-repository';
import { recordEvent } from '../moderation/repository';

function parseJsonList(raw: string | undefined): unknown {
  if (raw === undefined) return [];
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, MSG.invalidInput);
  }
}

/** The listing's new photo list from its current one, the client's order and removals. */
export function mergePhotos(current: readonly string[], order: readonly string[], removed: ReadonlySet<string>, newKeys: readonly string[]): { keys: string[]; deleted: string[] } {
  const keys: string[] = [];
  for (const entry of order) {
    if (entry.startsWith(NEW_PHOTO_PREFIX)) keys.push(newKeys[Number(entry.slice(NEW_PHOTO_PREFIX.length))]);
    else if (current.includes(entry) && !removed.has(entry)) keys.push(entry);
  }
  for (const key of current) if (!keys.includes(key) && !removed.has(key)) keys.push(key);
  return { keys, deleted: current.filter((k) => !keys.includes(k)) };
}

export default async function editRoute(app: FastifyInstance) {
  const { db, config, clock, photoStorage, searchChanges } = app;
  await registerListingUpload(app);

  app.put<{ Params: { id: string } }>('/anuncio/:id', { onRequest: refuseOversized, preHandler: app.authenticate }, async (request) => {
    const user = request.user!;
    const id = request.params.id;
    // Cheap early answers before reading photos; the binding checks run again under the row lock.
    const existing = isUuid(id) ? await findById(db, id) : null;
    if (!existing) throw new HttpError(404, MSG.notFound);
    if (existing.ownerId !== user.id) throw new HttpError(403, MSG.forbiddenEdit);
    // Issue 23: a withdrawn listing stays as the moderator judged it (the owner may delete it).
    if (existing.estado === 'retirado') throw new HttpError(409, MSG.anuncioModerado);

    const { fields, files } = await readUpload(request);
    const input = anuncioSchema.parse(fields);
    const order = fotosOrderSchema.parse(parseJsonList(fields.fotos));
    const removed = new Set(fotosOrderSchema.parse(parseJsonList(fields.quitadas)));
    // Every uploaded file is placed exactly once.
    const placed = order.filter((e) => e.startsWith(NEW_PHOTO_PREFIX)).map((e) => Number(e.slice(NEW_PHOTO_PREFIX.length)));
    if (placed.length !== files.length || placed.some((n) => n >= files.length)) throw new HttpError(400, MSG.invalidInput);

    const newKeys = await storeListingPhotos(photoStorage, files);
    let deleted: string[] = [];
    let before: AnuncioRow | null = null;
    try {
      const startedAt = clock.now();
      const row = await db.transaction(async (tx) => {
        const locked = await lockListing(tx, id);
        if (!locked) throw new HttpError(404, MSG.notFound);
        if (locked.ownerId !== user.id) throw new HttpError(403, MSG.forbiddenEdit);
        if (locked.estado === 'retirado') throw new HttpError(409, MSG.anuncioModerado);
        before = locked;
        const photos = mergePhotos(locked.imageKeys, order, removed, newKeys);
        if (photos.keys.length > MAX_IMAGES) throw new HttpError(400, MSG.tooManyImages);
        deleted = photos.deleted;
        const now = new Date(clock.now());
        const columns = listingColumns(input, config.usdDopRate);
        await recordPriceChange(tx, locked, columns, now);
        // A held listing stays held (its estado is untouched); the moderators see that it changed.
        if (locked.estado === 'en revisión') await recordEvent(tx, { anuncioId: id, userId: user.id, accion: 'editado', createdAt: now });
        return updateListing(tx, id, { ...columns, imageKeys: photos.keys, updatedAt: now });
      });
      // The entries its old and its new values belong to, on every instance.
      await searchChanges.announce(searchChangeOf(before, row, (r) => toAnuncio(r, config.publicApiUrl)), startedAt);
      await deletePhotos(photoStorage, deleted).catch((err) => request.log.error({ err }, 'no se pudieron borrar las fotos quitadas'));
      return toAnuncio(row, config.publicApiUrl, config.listingTtlDays);
    } catch (err) {
      await deletePhotos(photoStorage, newKeys).catch((e) => request.log.error({ err: e }, 'no se pudieron borrar las fotos'));
      throw err;
    }
  });
}
