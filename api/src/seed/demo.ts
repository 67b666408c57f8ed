/**
 * The demo catalogue a fresh `npm start` shows: a few hundred owner-less listings (about a third
 * from the partner companies) with generated photos.
 *
 * Photos: a pool of ~24 generated scenes is processed and stored once and its keys are shared
 * between listings, so seeding takes seconds. Sharing is safe because demo and partner listings
 * have no owner, and only an owner can delete a listing (and with it its photos).
 */
import { count } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { anuncios } from '../db/schema';
import { deletePhotos, photoSizesOf, sizesOfKeys, storeListingPhotos, withPhotoSizes, type PhotoStorage } from '../photos';
import { generateDemoPhoto } from './demo-photo';
import { DEFAULT_USD_DOP_RATE, generateDemoListings, type DemoListing } from './generate-listings';
import { createRng } from './prng';

export const DEMO_SEED = 2024;
const INSERT_BATCH = 200;

export interface SeedDemoOptions {
  count?: number;
  seed?: number;
  usdDopRate?: number;
  photoPoolSize?: number;
  /** Seed even when the table already has listings (default: only an empty table is seeded). */
  force?: boolean;
}

export interface SeedDemoResult {
  inserted: number;
  skipped: boolean;
  photoKeys: string[];
}

/** A drizzle database of either engine (PGlite or node-postgres). */
export type AnyPgDatabase = PgDatabase<any, any, any>;

/** Generates the photo pool and stores it through the same pipeline as uploads. */
export async function storeDemoPhotoPool(storage: PhotoStorage, size: number, seed = DEMO_SEED): Promise<string[]> {
  const photos: Buffer[] = [];
  for (let i = 0; i < size; i++) photos.push(await generateDemoPhoto(seed + i));
  const parts: string[][] = [];
  // storeListingPhotos takes at most 30 at a time (the upload limit).
  for (let i = 0; i < photos.length; i += 30) parts.push(await storeListingPhotos(storage, photos.slice(i, i + 30)));
  // The renditions' sizes go with the keys (photoSizesOf), for the rows that use them.
  return withPhotoSizes(parts.flat(), parts);
}

/** 1 to 4 distinct photos of the pool for each listing, deterministic for the seed. */
export function assignPhotos(listings: DemoListing[], pool: string[], seed = DEMO_SEED): DemoListing[] {
  const rng = createRng(seed ^ 0xa5a5);
  return listings.map((l) => {
    const n = Math.min(pool.length, rng.int(1, 4));
    const start = rng.int(0, pool.length - 1);
    return { ...l, imageKeys: Array.from({ length: n }, (_, i) => pool[(start + i * 7) % pool.length]) };
  });
}

export async function seedDemoCatalogue(
  db: AnyPgDatabase,
  storage: PhotoStorage,
  { count: total = 300, seed = DEMO_SEED, usdDopRate = DEFAULT_USD_DOP_RATE, photoPoolSize = 24, force = false }: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  if (!force) {
    const [row] = await db.select({ n: count() }).from(anuncios);
    if (Number(row?.n ?? 0) > 0) return { inserted: 0, skipped: true, photoKeys: [] };
  }
  const pool = await storeDemoPhotoPool(storage, Math.min(photoPoolSize, Math.max(1, total)), seed);
  const sizes = photoSizesOf(pool);
  const listings = assignPhotos(generateDemoListings({ count: total, seed, usdDopRate }), pool, seed).map((l) => ({ ...l, imageSizes: sizesOfKeys(sizes, l.imageKeys) }));
  try {
    // One transaction: a half-seeded catalogue would never be completed by the next start.
    await db.transaction(async (tx) => {
      for (let i = 0; i < listings.length; i += INSERT_BATCH) {
        await tx.insert(anuncios).values(listings.slice(i, i + INSERT_BATCH));
      }
    });
  } catch (err) {
    await deletePhotos(storage, pool);
    throw err;
  }
  return { inserted: listings.length, skipped: false, photoKeys: pool };
}
