/**
 * Where photos live. The interface lets object storage (S3-compatible) replace the disk later;
 * the disk implementation writes atomically so a crash never leaves a half-written photo
 * under a real key.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredObject {
  data: Buffer;
  contentType: string;
}

export interface PhotoStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
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
  };
}
