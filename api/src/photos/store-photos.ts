/**
 * A listing's photos, all or nothing: processed PHOTO_CONCURRENCY at a time (and never more in
 * the whole process, see decode-slots.ts), stored under random server-chosen names, and removed
 * again if any photo fails.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { MAX_IMAGES, MSG } from 'shared-contracts';
import { PHOTO_CONCURRENCY } from './decode-slots';
import { mailKeyOf } from './mail-rendition';
import { PhotoError, processPhoto, type ProcessedPhoto } from './process-photo';
import { photoHash } from './photo-hash';
import { dimsOf, type PhotoSizes } from './photo-sizes';
import { isValidPhotoKey, type PhotoStorage } from './storage';

const WEBP = 'image/webp';

export function newPhotoKey(): string {
  return `${randomBytes(16).toString('hex')}.webp`;
}

/** The card rendition stored beside a full-size key. */
export function cardKeyOf(key: string): string {
  return key.replace(/\.webp$/, '-card.webp');
}

/** Stores both renditions under a fresh key; returns the full-size key. */
export async function storeProcessedPhoto(storage: PhotoStorage, photo: ProcessedPhoto, stored: string[]): Promise<string> {
  const key = newPhotoKey();
  const card = cardKeyOf(key);
  // Recorded before writing so a failure halfway is cleaned up too.
  stored.push(key, card);
  await storage.put(key, photo.full.data, WEBP);
  await storage.put(card, photo.card.data, WEBP);
  return key;
}

async function removeAll(storage: PhotoStorage, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
}

/**
 * Issue 40: the fingerprint of each photo a storeListingPhotos call stored, in its order, handed
 * over beside the key list it answers (so publish, edit and the seed keep using that list as it
 * is). Undefined for any other array.
 */
const hashesByResult = new WeakMap<readonly string[], readonly bigint[]>();
export const photoHashesOf = (keys: readonly string[]): readonly bigint[] | undefined => hashesByResult.get(keys);
/** Issue 45: the same for the renditions' sizes, which the row stores beside the keys (photo-sizes.ts). */
const sizesByResult = new WeakMap<readonly string[], PhotoSizes>();
export const photoSizesOf = (keys: readonly string[]): PhotoSizes => sizesByResult.get(keys) ?? {};
/** Hands the sizes of a list put together from several storeListingPhotos answers (the demo pool) over the same way. */
export function withPhotoSizes(keys: string[], parts: readonly (readonly string[])[]): string[] {
  sizesByResult.set(keys, Object.assign({}, ...parts.map(photoSizesOf)) as PhotoSizes);
  return keys;
}

/**
 * A photo's bytes, or the path of the temporary file an upload was streamed to (issue 40): a file
 * is read only when a decode slot is about to work on it, so an upload's photos are never all in
 * memory at once.
 */
export type PhotoInput = Buffer | string;

const bytesOf = async (input: PhotoInput): Promise<Buffer> => (typeof input === 'string' ? readFile(input) : input);

export async function storeListingPhotos(storage: PhotoStorage, files: readonly PhotoInput[]): Promise<string[]> {
  if (files.length > MAX_IMAGES) throw new PhotoError(MSG.tooManyImages);
  const keys: string[] = new Array(files.length);
  const hashes: bigint[] = new Array(files.length);
  const sizes: PhotoSizes = {};
  const stored: string[] = [];
  // A holder object: TypeScript does not track assignments made inside the workers.
  const state: { failure: { err: unknown; index: number } | null; next: number } = { failure: null, next: 0 };

  async function worker(): Promise<void> {
    while (state.failure === null && state.next < files.length) {
      const index = state.next++;
      try {
        const photo = await processPhoto(await bytesOf(files[index]));
        keys[index] = await storeProcessedPhoto(storage, photo, stored);
        sizes[keys[index]] = dimsOf(photo);
        hashes[index] = await photoHash(photo.card.data);
      } catch (err) {
        state.failure ??= { err, index };
      }
    }
  }

  // Every worker has settled before cleanup, so no write can land after the deletes.
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, files.length) }, worker));
  if (state.failure !== null) {
    await removeAll(storage, stored);
    const { err, index } = state.failure;
    if (err instanceof PhotoError) {
      err.index = index;
      throw err;
    }
    throw new PhotoError(MSG.serverError, 500, { cause: err, index });
  }
  hashesByResult.set(keys, hashes);
  sizesByResult.set(keys, sizes);
  return keys;
}

/** Removes every rendition of each key (the email's JPEG too, mail-rendition.ts); unknown or malformed keys are ignored. */
export async function deletePhotos(storage: PhotoStorage, keys: readonly string[]): Promise<void> {
  const valid = keys.filter(isValidPhotoKey);
  await removeAll(storage, valid.flatMap((k) => (k.endsWith('-card.webp') ? [k] : [k, cardKeyOf(k), mailKeyOf(k)])));
}
