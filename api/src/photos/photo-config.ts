/**
 * Where photos are kept and where their URLs point, from the environment (decision 0027): the
 * API's config (config.ts) and the scripts (`npm run backup`/`restore`, the feeds CLI) read the
 * same variables here, so a backup copies the photos the API serves.
 *
 * PHOTOS_S3_BUCKET set: an S3-compatible bucket (s3-storage.ts); unset: DATA_DIR/photos.
 * PHOTOS_BASE_URL: what precedes `/photos/<key>` in photo URLs (a CDN, the bucket); default
 * PUBLIC_API_URL.
 */
import { z } from 'zod';
import { createS3Storage, type S3PhotoOptions } from './s3-storage';
import { dataDirPhotoStorage, type PhotoStorage } from './storage';

export interface PhotoSettings {
  /** Unset: photos on disk under DATA_DIR/photos. */
  s3?: S3PhotoOptions;
  /** Unset: PUBLIC_API_URL (the API's own photo route). */
  baseUrl?: string;
}

const optional = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

export const photoEnvSchema = z.object({
  PHOTOS_S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nombre de bucket S3 no válido (3-63 minúsculas, dígitos, "." o "-")')),
  PHOTOS_S3_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  PHOTOS_S3_REGION: optional(z.string().min(1)),
  PHOTOS_S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  PHOTOS_S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  PHOTOS_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => ['true', '1', 'yes'].includes(v ?? '')),
  PHOTOS_BASE_URL: optional(z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''))),
});

export type PhotoEnv = z.infer<typeof photoEnvSchema>;

/** Checks that need several variables at once; the messages name the variables at fault. */
export function photoSettingsOf(e: PhotoEnv): PhotoSettings | string {
  const s3Vars = [e.PHOTOS_S3_ENDPOINT, e.PHOTOS_S3_REGION, e.PHOTOS_S3_ACCESS_KEY_ID, e.PHOTOS_S3_SECRET_ACCESS_KEY];
  if (!e.PHOTOS_S3_BUCKET) {
    if (s3Vars.some((v) => v !== undefined)) return 'PHOTOS_S3_BUCKET: obligatorio cuando se define otra variable PHOTOS_S3_*';
    return { baseUrl: e.PHOTOS_BASE_URL };
  }
  if ((e.PHOTOS_S3_ACCESS_KEY_ID === undefined) !== (e.PHOTOS_S3_SECRET_ACCESS_KEY === undefined)) {
    return 'PHOTOS_S3_ACCESS_KEY_ID y PHOTOS_S3_SECRET_ACCESS_KEY: se definen las dos o ninguna (sin ellas, la cadena de credenciales de AWS)';
  }
  return {
    baseUrl: e.PHOTOS_BASE_URL,
    s3: {
      bucket: e.PHOTOS_S3_BUCKET,
      endpoint: e.PHOTOS_S3_ENDPOINT,
      region: e.PHOTOS_S3_REGION ?? 'us-east-1',
      forcePathStyle: e.PHOTOS_S3_FORCE_PATH_STYLE,
      credentials: e.PHOTOS_S3_ACCESS_KEY_ID && e.PHOTOS_S3_SECRET_ACCESS_KEY ? { accessKeyId: e.PHOTOS_S3_ACCESS_KEY_ID, secretAccessKey: e.PHOTOS_S3_SECRET_ACCESS_KEY } : undefined,
    },
  };
}

/** The storage the settings name: the bucket, or DATA_DIR/photos. */
export function photoStorageOf(settings: PhotoSettings, dataDir: string): PhotoStorage {
  return settings.s3 ? createS3Storage(settings.s3) : dataDirPhotoStorage(dataDir);
}

/** For scripts: the settings from the environment, or an Error whose message names the variables at fault. */
export function photoSettingsFromEnv(env: NodeJS.ProcessEnv): PhotoSettings {
  const parsed = photoEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const settings = photoSettingsOf(parsed.data);
  if (typeof settings === 'string') throw new Error(settings);
  return settings;
}

/** A photo's public URL: `<base>/photos/<key>` (the API's route, a CDN in front of it, or the bucket). */
export function photoUrl(baseUrl: string, key: string): string {
  return `${baseUrl}/photos/${encodeURIComponent(key)}`;
}
