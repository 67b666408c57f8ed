/**
 * The demo catalogue: deterministic, valid against the contracts, realistic, and seeded into
 * a real PGlite with real photo storage.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, count, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { DO_BBOX, MONEDAS, PROPIEDAD_FILTER, PROPIEDAD_FORM, PROPOSITO_FORM } from 'shared-contracts';
import { anuncioSchema } from 'shared-contracts/schemas';
import { engines, openTestDatabase, type TestDatabase } from './support/engines';
import { anuncios } from '../src/db/schema';
import { getGazetteer } from '../src/geocoder';
import { DEMO_PARTNERS, DEMO_PARTNER_KEYS } from '../src/seed/generate-listings';
import { createDiskStorage, processPhoto, sniffImageFormat } from '../src/photos';
import { generateDemoListing, generateDemoListings, generateDemoPhoto, seedDemoCatalogue, type DemoListing } from '../src/seed';
import { bulkInsertListings } from '../src/seed/bulk-insert';

const listings = generateDemoListings({ count: 300, seed: 2024 });

describe('generateDemoListings', () => {
  it('is deterministic for a seed and different for another', () => {
    expect(generateDemoListings({ count: 300, seed: 2024 })).toEqual(listings);
    const other = generateDemoListings({ count: 300, seed: 2025 });
    expect(other.map((l) => l.title)).not.toEqual(listings.map((l) => l.title));
    // Slices generate the same listings as a whole run (bulk loads rely on it).
    expect(generateDemoListings({ count: 10, seed: 2024, start: 100 })).toEqual(listings.slice(100, 110));
  });

  it('uses only the enum values of the contracts, owner-less, partners labelled', () => {
    for (const l of listings) {
      expect(PROPOSITO_FORM).toContain(l.proposito);
      expect(PROPIEDAD_FILTER).toContain(l.propiedad);
      expect(MONEDAS).toContain(l.moneda);
      expect(l.ownerId).toBeNull();
      expect(l.status).toBe('published');
      if (l.source) {
        expect(DEMO_PARTNER_KEYS).toContain(l.source);
        expect(l.empresa).toBe(DEMO_PARTNERS[l.source as keyof typeof DEMO_PARTNERS]);
        expect(l.sourceRef).toBeTruthy();
      } else {
        expect(l.sourceRef).toBeNull();
        expect(l.empresa).toBe('');
        // Listings of ordinary users could have been typed in the publish form.
        expect(PROPIEDAD_FORM).toContain(l.propiedad);
        const parsed = anuncioSchema.safeParse({ ...l, price: String(l.price), latitude: String(l.latitude), longitude: String(l.longitude) });
        expect(parsed.success).toBe(true);
      }
    }
    const refs = listings.filter((l) => l.source).map((l) => `${l.source}/${l.sourceRef}`);
    expect(new Set(refs).size).toBe(refs.length);
  });

  it('has about a third from partner companies, every company represented', () => {
    const partner = listings.filter((l) => l.source);
    expect(partner.length / listings.length).toBeGreaterThan(0.25);
    expect(partner.length / listings.length).toBeLessThan(0.42);
    expect(new Set(partner.map((l) => l.source))).toEqual(new Set(DEMO_PARTNER_KEYS));
  });

  it('spreads over at least 20 provinces, on real places, with coordinates near them', () => {
    const g = getGazetteer();
    expect(new Set(listings.map((l) => l.region)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(listings.map((l) => l.place)).size).toBeGreaterThanOrEqual(60);
    expect(listings.filter((l) => l.locality).length).toBeGreaterThan(30);
    for (const l of listings) {
      const m = g.municipalities.find((x) => x.name === l.place && g.provinceById.get(x.province)?.name === l.region);
      expect(m).toBeDefined();
      const anchor = l.locality ? g.sectors.find((s) => s.name === l.locality && s.municipality === m!.id) : m;
      expect(anchor).toBeDefined();
      expect(Math.abs(l.latitude! - anchor!.lat)).toBeLessThanOrEqual(0.02);
      expect(Math.abs(l.longitude! - anchor!.lng)).toBeLessThanOrEqual(0.02);
      expect(l.latitude!).toBeGreaterThanOrEqual(DO_BBOX.latMin);
      expect(l.longitude!).toBeLessThanOrEqual(DO_BBOX.lngMax);
    }
  });

  it('prices like the market: apartments, rentals, land per m², RD$ equivalents', () => {
    const many = generateDemoListings({ count: 3000, seed: 99, usdDopRate: 62 });
    const inRange = (ls: DemoListing[], min: number, max: number) => {
      expect(ls.length).toBeGreaterThan(10);
      for (const l of ls) expect([l.price >= min, l.price <= max]).toEqual([true, true]);
    };
    const of = (propiedad: string, proposito: string, moneda: string) =>
      many.filter((l) => l.propiedad === propiedad && l.proposito === proposito && l.moneda === moneda);
    inRange(of('Apartamento', 'venta', 'US'), 90_000, 450_000);
    inRange(of('Apartamento', 'venta', 'RD'), 4_000_000, 25_000_000);
    inRange(of('Apartamento', 'alquiler', 'RD'), 18_000, 120_000);
    inRange(of('Casa', 'alquiler', 'RD'), 15_000, 150_000);
    const solares = many.filter((l) => l.propiedad === 'Solar' && l.moneda === 'US');
    expect(solares.length).toBeGreaterThan(10);
    for (const s of solares) {
      expect(s.price / s.metros!).toBeGreaterThanOrEqual(55);
      expect(s.price / s.metros!).toBeLessThanOrEqual(460);
    }
    for (const l of many) expect(l.priceRd).toBe(l.moneda === 'US' ? l.price * 62 : l.price);
    expect(many.some((l) => l.moneda === 'US')).toBe(true);
    expect(many.some((l) => l.proposito === 'alquiler')).toBe(true);
  });

  it('writes Spanish titles, multi-line descriptions and Dominican phone numbers', () => {
    for (const l of listings) {
      expect(l.title).toMatch(/ en (venta|alquiler) en |para construir en /);
      expect(l.description.split('\n').length).toBeGreaterThanOrEqual(3);
      expect(l.movil).toMatch(/^(809|829|849)\d{7}$/);
      expect(l.email).toMatch(/^\S+@\S+\.\S+$/);
    }
  });
});

describe('generateDemoPhoto', () => {
  it('renders a JPEG scene that varies with the seed and passes the upload pipeline', async () => {
    const a = await generateDemoPhoto(1, { width: 640, height: 427 });
    const b = await generateDemoPhoto(2, { width: 640, height: 427 });
    expect(sniffImageFormat(a)).toBe('jpeg');
    expect(await sharp(a).metadata()).toMatchObject({ width: 640, height: 427, format: 'jpeg' });
    expect(a.equals(b)).toBe(false);
    const stats = await sharp(a).stats();
    // Not a blank image: several colours.
    expect(stats.channels.some((c) => c.stdev > 20)).toBe(true);
    expect((await processPhoto(a)).full.width).toBe(640);
  });
});

describe.each(engines())('seeding on %s', (engine) => {
  let tdb: TestDatabase;
  let dir: string;
  const db = () => tdb.database.db;
  beforeAll(async () => {
    tdb = await openTestDatabase(engine);
    dir = await mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
  });
  afterAll(async () => {
    await tdb.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('inserts the listings with shared photos that really exist, then leaves a filled table alone', async () => {
    const storage = createDiskStorage(dir);
    const result = await seedDemoCatalogue(db(), storage, { count: 120, photoPoolSize: 8 });
    expect(result).toMatchObject({ inserted: 120, skipped: false });
    expect(result.photoKeys).toHaveLength(8);
    expect(await readdir(dir)).toHaveLength(16);

    const rows = await db().select().from(anuncios);
    expect(rows).toHaveLength(120);
    for (const r of rows) {
      expect(r.imageKeys.length).toBeGreaterThanOrEqual(1);
      expect(r.imageKeys.length).toBeLessThanOrEqual(4);
      for (const key of r.imageKeys) expect(result.photoKeys).toContain(key);
    }
    const [partners] = await db().select({ n: count() }).from(anuncios).where(isNotNull(anuncios.source));
    expect(partners.n).toBeGreaterThan(20);
    const photo = await storage.head(rows[0].imageKeys[0]);
    expect(photo?.contentType).toBe('image/webp');
    // Issue 45: every seeded photo's renditions are sized in its row.
    for (const r of rows) expect(Object.keys(r.imageSizes).sort()).toEqual([...new Set(r.imageKeys)].sort());

    const again = await seedDemoCatalogue(db(), storage, { count: 120 });
    expect(again).toEqual({ inserted: 0, skipped: true, photoKeys: [] });
    expect(await db().select({ n: count() }).from(anuncios)).toEqual([{ n: 120 }]);
    expect(await readdir(dir)).toHaveLength(16);
  });

  it('bulk-loads synthetic listings in batches, every column as generated (nulls included)', async () => {
    await db().delete(anuncios);
    const progress: number[] = [];
    const n = await bulkInsertListings(db(), { count: 2500, seed: 11, batchSize: 400, batchesPerTransaction: 2, onProgress: (i) => progress.push(i) });
    expect(n).toBe(2500);
    expect(progress).toEqual([800, 1600, 2400, 2500]);
    const rows = await db().select().from(anuncios).orderBy(asc(anuncios.seq));
    expect(rows).toHaveLength(2500);
    for (const i of [0, 1, 399, 400, 1234, 2499]) {
      const { sourceRef, ...expected } = generateDemoListing(11, i);
      expect(rows[i]).toMatchObject(expected);
      expect(rows[i].sourceRef).toBe(sourceRef ? `bulk-11-${sourceRef}` : null);
    }
    expect(rows.some((r) => r.habitaciones === null)).toBe(true);
    expect(rows.every((r) => Array.isArray(r.imageKeys) && r.imageKeys.length === 0)).toBe(true);
  });
});
