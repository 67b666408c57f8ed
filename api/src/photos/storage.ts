/**
 * Where photos live, and the only door to them: uploads, deletes, the photo route, the feeds, the
 * demo seed, the orphan sweep and `npm run backup`/`restore` (scripts/backup.mjs) all go through a
 * PhotoStorage (the app's is `app.photoStorage`, plugins/storage.ts; a script's is
 * `dataDirPhotoStorage`). The interface lets object storage (S3-compatible) replace the disk later;
 * the disk implementation writes atomically so a crash never leaves a half-written photo under a
 * real key.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, opendir, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredObject {
  data: Buffer;
  contentType: string;
}

export interface PhotoStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order, streamed (never the whole list in memory). */
  keys(): AsyncIterable<string>;
  /** When the photo was stored (ms since the epoch), or null when it is not there. */
  storedAt(key: string): Promise<number | null>;
}

/** The photos' directory inside DATA_DIR. */
export const PHOTOS_DIR = 'photos';

/** The photo storage of a data directory (DATA_DIR/photos): the app's default and the scripts'. */
export function dataDirPhotoStorage(dataDir: string): PhotoStorage {
  return createDiskStorage(path.join(dataDir, PHOTOS_DIR));
}

/**
 * Keys are chosen by the server (random hex plus an optional size suffix): letters, digits,
 * '-' and '_', then one known extension. No dot, slash or backslash can reach the file system.
 */
const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(webp|jpg|png)$/;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

export function isValidPhotoKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_RE.test(key);
}

export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export class InvalidPhotoKeyError extends Error {
  constructor(key: string) {
    super(`invalid photo key: ${JSON.stringify(key.slice(0, 120))}`);
    this.name = 'InvalidPhotoKeyError';
  }
}

function assertKey(key: string): void {
  if (!isValidPhotoKey(key)) throw new InvalidPhotoKeyError(String(key));
}

const TMP_PREFIX = '.tmp-';
/** Old enough that no live write (of this or another instance) can still own the file. */
const STALE_TMP_MS = 15 * 60_000;

/** Temporary files left by a process killed mid-write are removed on the next start. */
async function removeStaleTemporaries(root: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(root)) {
    if (!name.startsWith(TMP_PREFIX)) continue;
    const file = path.join(root, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TMP_MS) await rm(file, { force: true });
  }
}

export function createDiskStorage(dir: string): PhotoStorage {
  const root = path.resolve(dir);
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => (ready ??= mkdir(root, { recursive: true }).then(() => removeStaleTemporaries(root)));

  return {
    async put(key, data, contentType) {
      assertKey(key);
      // The type is implied by the extension; a mismatch is a programming error, not user input.
      if (contentTypeOfKey(key) !== contentType) throw new Error(`content type ${contentType} does not match ${key}`);
      await ensureDir();
      const tmp = path.join(root, `${TMP_PREFIX}${randomBytes(8).toString('hex')}`);
      try {
        await writeFile(tmp, data, { flag: 'wx' });
        await rename(tmp, path.join(root, key));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      if (!isValidPhotoKey(key)) return null;
      try {
        return { data: await readFile(path.join(root, key)), contentType: contentTypeOfKey(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      try {
        await unlink(path.join(root, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    async *keys() {
      let dir;
      try {
        dir = await opendir(root);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      // Temporaries and anything else that is not a photo key are not photos.
      for await (const entry of dir) if (entry.isFile() && isValidPhotoKey(entry.name)) yield entry.name;
    },
    async storedAt(key) {
      if (!isValidPhotoKey(key)) return null;
      const info = await stat(path.join(root, key)).catch(() => null);
      return info ? info.mtimeMs : null;
    },
  };
}
