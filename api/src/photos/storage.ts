/**
 * Where photos live, and the only door to them: uploads, deletes, the photo route, the feeds, the
 * demo seed, the orphan sweep and `npm run backup`/`restore` (scripts/backup.mjs) all go through a
 * PhotoStorage (the app's is `app.photoStorage`, plugins/storage.ts; a script's comes from
 * `photoStorageFromEnv`, photo-config.ts). Two implementations: files under DATA_DIR/photos (the
 * embedded default, below) and an S3-compatible bucket (s3-storage.ts, decision 0027).
 *
 * Bytes travel as streams both ways: a photo is never read whole into memory to be served or
 * copied, and a byte range reads only those bytes. Writes are atomic in both: a crash never leaves
 * a half-written photo under a real key.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, opendir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a store knows of a photo without reading it. */
export interface PhotoInfo {
  /** Bytes of the whole photo. */
  size: number;
  /** A strong validator, quoted as HTTP writes it; changes whenever the bytes could have. */
  etag: string;
  /** When it was stored (ms since the epoch). */
  storedAt: number;
  contentType: string;
}

/** A photo's bytes (or some of them) as a stream, and what the store knows of it. */
export interface StoredObject extends PhotoInfo {
  body: Readable;
}

/** Inclusive byte offsets, as in an HTTP Range header; the caller checks them against `size`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `put` accepts: processed renditions are buffers, copies (backup, restore) are streams. */
export type PhotoData = Buffer | Readable;

export interface PhotoStorage {
  put(key: string, data: PhotoData, contentType: string): Promise<void>;
  /** The photo streamed (only `range` when given), or null when it is not there. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<PhotoInfo | null>;
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order, streamed (never the whole list in memory). */
  keys(): AsyncIterable<string>;
  /** When the photo was stored (ms since the epoch), or null when it is not there. */
  storedAt(key: string): Promise<number | null>;
  /** Releases connections (the app's onClose). */
  close?(): void;
}

/** The photos' directory inside DATA_DIR, and the prefix of their objects in a bucket. */
export const PHOTOS_DIR = 'photos';

/** The photo storage of a data directory (DATA_DIR/photos): the embedded default and the backups' format. */
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

/** A valid key whose type matches its extension (a mismatch is a programming error, not user input). */
export function assertPut(key: string, contentType: string): void {
  if (!isValidPhotoKey(key)) throw new InvalidPhotoKeyError(String(key));
  if (contentTypeOfKey(key) !== contentType) throw new Error(`content type ${contentType} does not match ${key}`);
}

/**
 * A small rendition's bytes (a card, for a fingerprint or the email's JPEG): never used to serve
 * or copy a photo, which stream.
 */
export async function readPhoto(storage: PhotoStorage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Size and modification time (to the nanosecond where the file system keeps it): a rewrite changes one. */
const diskInfo = (key: string, info: { size: number; mtimeMs: number; mtimeNs?: bigint }): PhotoInfo => ({
  size: info.size,
  etag: `"${info.size.toString(16)}-${(info.mtimeNs ?? BigInt(Math.floor(info.mtimeMs * 1e6))).toString(16)}"`,
  storedAt: info.mtimeMs,
  contentType: contentTypeOfKey(key),
});

export function createDiskStorage(dir: string): PhotoStorage {
  const root = path.resolve(dir);
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => (ready ??= mkdir(root, { recursive: true }).then(() => removeStaleTemporaries(root)));
  const fileOf = (key: string) => path.join(root, key);

  const head = async (key: string): Promise<PhotoInfo | null> => {
    if (!isValidPhotoKey(key)) return null;
    const info = await stat(fileOf(key), { bigint: true }).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    return info ? diskInfo(key, { size: Number(info.size), mtimeMs: Number(info.mtimeMs), mtimeNs: info.mtimeNs }) : null;
  };

  return {
    async put(key, data, contentType) {
      assertPut(key, contentType);
      await ensureDir();
      const tmp = path.join(root, `${TMP_PREFIX}${randomBytes(8).toString('hex')}`);
      try {
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(tmp, { flags: 'wx' }));
        await rename(tmp, fileOf(key));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      if (!isValidPhotoKey(key)) return null;
      // Opened first: the size and the bytes are of the same file even if it is replaced meanwhile.
      const handle = await open(fileOf(key), 'r').catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat({ bigint: true });
        const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { ...diskInfo(key, { size: Number(info.size), mtimeMs: Number(info.mtimeMs), mtimeNs: info.mtimeNs }), body };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    head,
    async delete(key) {
      if (!isValidPhotoKey(key)) throw new InvalidPhotoKeyError(String(key));
      await unlink(fileOf(key)).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
    },
    async *keys() {
      let dirHandle;
      try {
        dirHandle = await opendir(root);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      // Temporaries and anything else that is not a photo key are not photos.
      for await (const entry of dirHandle) if (entry.isFile() && isValidPhotoKey(entry.name)) yield entry.name;
    },
    async storedAt(key) {
      return (await head(key))?.storedAt ?? null;
    },
  };
}
