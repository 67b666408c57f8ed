/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces; decision
 * 0027), so every API instance serves every photo and a CDN or the bucket itself can serve them
 * (PHOTOS_BASE_URL). Objects are named `photos/<key>`: the same path as the API's photo route, so
 * `<base>/photos/<key>` addresses a photo on the API, the bucket or a CDN alike.
 *
 * Uploads go through lib-storage's Upload (one PUT for a small body, a multipart upload streamed
 * part by part for a large one); reads hand back the SDK's response stream. An object appears
 * whole or not at all, so a crash mid-write never leaves half a photo under a real key.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { PHOTOS_DIR, assertPut, contentTypeOfKey, isValidPhotoKey, type PhotoInfo, type PhotoStorage, type StoredObject } from './storage';

export interface S3PhotoOptions {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path rather than the host name (MinIO, s3rver; most self-hosted servers). */
  forcePathStyle: boolean;
}

const PREFIX = `${PHOTOS_DIR}/`;
/** What a browser or CDN is told when it fetches an object from the bucket directly (photos never change under a key). */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/** `bytes 0-29/1234` -> 1234. */
const totalOf = (contentRange: string | undefined, length: number | undefined) => {
  const total = contentRange ? Number(contentRange.slice(contentRange.lastIndexOf('/') + 1)) : NaN;
  return Number.isFinite(total) ? total : (length ?? 0);
};

export function createS3Storage(opts: S3PhotoOptions): PhotoStorage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // A stalled object store fails a request within seconds instead of holding it (and its socket) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  const Bucket = opts.bucket;
  const objectKey = (key: string) => `${PREFIX}${key}`;
  const info = (key: string, o: { ETag?: string; LastModified?: Date }, size: number): PhotoInfo => ({
    size,
    etag: o.ETag ?? `"${size.toString(16)}-${o.LastModified?.getTime() ?? 0}"`,
    storedAt: o.LastModified?.getTime() ?? 0,
    contentType: contentTypeOfKey(key),
  });

  const head = async (key: string): Promise<PhotoInfo | null> => {
    if (!isValidPhotoKey(key)) return null;
    try {
      const o = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return info(key, o, o.ContentLength ?? 0);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };

  return {
    async put(key, data, contentType) {
      assertPut(key, contentType);
      await new Upload({ client, params: { Bucket, Key: objectKey(key), Body: data, ContentType: contentType, CacheControl: PHOTO_CACHE_CONTROL } }).done();
    },
    async get(key, range): Promise<StoredObject | null> {
      if (!isValidPhotoKey(key)) return null;
      try {
        const o = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return { ...info(key, o, totalOf(o.ContentRange, o.ContentLength)), body: o.Body as Readable };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    head,
    async delete(key) {
      assertPut(key, contentTypeOfKey(key));
      // Deleting a missing object succeeds in S3: idempotent like the disk's.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *keys() {
      // Pages of at most 1000 names: the list is never held whole.
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: PREFIX })) {
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(PREFIX.length);
          if (isValidPhotoKey(key)) yield key;
        }
      }
    },
    async storedAt(key) {
      return (await head(key))?.storedAt ?? null;
    },
    close() {
      client.destroy();
    },
  };
}
