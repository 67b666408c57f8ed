/**
 * Issue 45: the width and height of both renditions of each photo, kept in the listing's row
 * (`anuncios.image_sizes`, migration 0021) so the API answers them with the photo URLs and no
 * renderer downloads a photo to size it (og:image:width/height, the preload).
 *
 * Written at upload from what the encoder reports (ProcessedPhoto); rows stored before that are
 * filled by `fillPhotoSizes` (at start, background/photo-sizes.ts), which reads the first bytes of each rendition's WebP header
 * through the storage (a byte range: 30 bytes, not the photo). Filling is idempotent: it only adds
 * keys that are missing, under the row's lock, so instances running it together agree.
 */
import { sql } from 'drizzle-orm';
import type { PhotoSize } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncios } from '../db/schema';
import type { ProcessedPhoto } from './process-photo';
import type { PhotoStorage } from './storage';

/** [width, height, cardWidth, cardHeight]: short, as it is stored once per photo in every row. */
export type PhotoDims = [number, number, number, number];
export type PhotoSizes = Record<string, PhotoDims>;

export const dimsOf = (photo: Pick<ProcessedPhoto, 'full' | 'card'>): PhotoDims => [photo.full.width, photo.full.height, photo.card.width, photo.card.height];

/** The sizes of `keys` among `sizes` (a row's, after an edit dropped some photos). */
export function sizesOfKeys(sizes: PhotoSizes | null | undefined, keys: readonly string[]): PhotoSizes {
  const out: PhotoSizes = {};
  for (const key of keys) if (sizes?.[key]) out[key] = sizes[key];
  return out;
}

/** The wire form, in the order of the keys (null where unknown). */
export function wireSizes(keys: readonly string[], sizes: PhotoSizes | null | undefined): (PhotoSize | null)[] {
  return keys.map((key) => {
    const d = sizes?.[key];
    return d ? { width: d[0], height: d[1], card: { width: d[2], height: d[3] } } : null;
  });
}

/** Width and height of a WebP from its first 30 bytes (VP8, VP8L or VP8X), or null. */
export function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(0, 4) !== 'RIFF' || text(8, 12) !== 'WEBP') return null;
  const u16 = (i: number) => bytes[i] | (bytes[i + 1] << 8);
  const u24 = (i: number) => bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16);
  switch (text(12, 16)) {
    case 'VP8 ':
      return { width: u16(26) & 0x3fff, height: u16(28) & 0x3fff };
    case 'VP8L': {
      const [b0, b1, b2, b3] = bytes.subarray(21, 25);
      return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
    }
    case 'VP8X':
      return { width: 1 + u24(24), height: 1 + u24(27) };
    default:
      return null;
  }
}

export const WEBP_HEADER_BYTES = 30;

async function headerSize(storage: PhotoStorage, key: string): Promise<{ width: number; height: number } | null> {
  const found = await storage.get(key, { start: 0, end: WEBP_HEADER_BYTES - 1 });
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return webpSize(Buffer.concat(chunks));
}

/** Both renditions' sizes of a stored photo, from their headers; null when either is missing or not a WebP. */
export async function storedDims(storage: PhotoStorage, key: string): Promise<PhotoDims | null> {
  if (!key.endsWith('.webp') || key.endsWith('-card.webp')) return null;
  const [full, card] = await Promise.all([headerSize(storage, key), headerSize(storage, key.replace(/\.webp$/, '-card.webp'))]);
  return full && card ? [full.width, full.height, card.width, card.height] : null;
}

interface Unsized {
  id: string;
  keys: string[];
}

/** A page of rows with photos whose size is not stored (those keys only), after `after` in id order. */
async function unsizedRows(db: Db, after: string, limit: number): Promise<Unsized[]> {
  const rows = await db.execute<{ id: string; keys: string[] }>(sql`
    select a.id, m.keys from ${anuncios} as a
    cross join lateral (
      select jsonb_agg(k.value) as keys from jsonb_array_elements_text(a.image_keys) as k(value) where not (a.image_sizes ? k.value)
    ) as m
    where a.id > ${after}::uuid and m.keys is not null
    order by a.id limit ${limit}`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: string; keys: string[] }[];
  return list.map((r) => ({ id: r.id, keys: r.keys }));
}

/**
 * Stores the sizes of every photo whose row lacks them; returns how many rows gained some. Photos
 * shared by rows (the demo pool) are read once per run; a photo missing from the storage stays
 * unknown (null in the API) and is tried again on the next run.
 */
export async function fillPhotoSizes(db: Db, storage: PhotoStorage, opts: { pageSize?: number; stop?: () => boolean } = {}): Promise<number> {
  const { pageSize = 200, stop = () => false } = opts;
  const known = new Map<string, PhotoDims | null>();
  let after = '00000000-0000-0000-0000-000000000000';
  let filled = 0;
  for (;;) {
    if (stop()) return filled;
    const page = await unsizedRows(db, after, pageSize);
    if (!page.length) return filled;
    after = page[page.length - 1].id;
    for (const row of page) {
      const patch: PhotoSizes = {};
      for (const key of row.keys) {
        if (!known.has(key)) known.set(key, await storedDims(storage, key).catch(() => null));
        const dims = known.get(key);
        if (dims) patch[key] = dims;
      }
      if (!Object.keys(patch).length) continue;
      // Merged, never replaced: an upload's own sizes written meanwhile are kept.
      await db.execute(sql`update ${anuncios} set image_sizes = ${anuncios.imageSizes} || ${JSON.stringify(patch)}::jsonb where ${anuncios.id} = ${row.id}::uuid`);
      filled++;
    }
  }
}

