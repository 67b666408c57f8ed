/**
 * The photo pipeline with real files: genuine PNG/JPEG from sharp, hostile files byte for byte,
 * real disk storage in a temporary directory.
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MSG } from 'shared-contracts';
import {
  PhotoError,
  cardKeyOf,
  createDiskStorage,
  deletePhotos,
  photoSizesOf,
  processPhoto,
  readPhoto,
  storeListingPhotos,
  type PhotoStorage,
} from '../src/photos';
import { exifHasGps, fakeJpeg, html, jpegWithGps, pdf, php, pixelFloodPng, png, svg } from './photos-fixtures';

let dir: string;
let storage: PhotoStorage;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'photos-test-'));
  storage = createDiskStorage(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const files = () => readdir(dir);

async function refusal(p: Promise<unknown>): Promise<PhotoError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PhotoError);
  return err as PhotoError;
}

describe('processPhoto', () => {
  it('re-encodes a PNG to WebP, full size bounded to 1600 px and a 640 px card', async () => {
    const out = await processPhoto(await png(3200, 1800));
    expect(out.sourceFormat).toBe('png');
    expect(out.full).toMatchObject({ width: 1600, height: 900 });
    expect(out.card).toMatchObject({ width: 640, height: 360 });
    expect((await sharp(out.full.data).metadata()).format).toBe('webp');
    expect((await sharp(out.card.data).metadata()).format).toBe('webp');
  });

  it('never enlarges a small photo', async () => {
    const out = await processPhoto(await png(300, 200));
    expect(out.full).toMatchObject({ width: 300, height: 200 });
    expect(out.card).toMatchObject({ width: 300, height: 200 });
  });

  it('removes GPS EXIF and turns a sideways phone photo upright', async () => {
    const input = await jpegWithGps(1200, 900);
    const before = await sharp(input).metadata();
    expect(exifHasGps(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const out = await processPhoto(input);
    expect(out.sourceFormat).toBe('jpeg');
    for (const data of [out.full.data, out.card.data]) {
      const meta = await sharp(data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Orientation 6 means "rotate 90°": the stored photo is portrait.
    expect(out.full).toMatchObject({ width: 900, height: 1200 });
  });

  it.each([
    ['an HTML page named .jpg', html],
    ['an SVG with a script', svg],
    ['a PHP script', php],
    ['a PDF', pdf],
    ['a JPEG magic number glued on HTML', fakeJpeg],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with the Spanish message', async (_name, bytes) => {
    const err = await refusal(processPhoto(bytes));
    expect(err.message).toBe(MSG.invalidImage);
    expect(err.statusCode).toBe(400);
  });

  it('refuses a 400-megapixel pixel flood from its header, quickly and without decoding it', async () => {
    const flood = pixelFloodPng(20000);
    expect(flood.length).toBeLessThan(200_000);
    const rssBefore = process.memoryUsage().rss;
    const started = process.hrtime.bigint();
    const err = await refusal(processPhoto(flood));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(err.message).toBe(MSG.imageTooLarge);
    // Decoding would take seconds and 400 MB+; a header read takes milliseconds.
    expect(ms).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a file over the byte limit before looking at it', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await refusal(processPhoto(big))).message).toBe(MSG.imageTooLarge);
  });
});

describe('storeListingPhotos', () => {
  it('stores both sizes of each photo under random server-chosen names, keys in upload order', async () => {
    const inputs = [await png(900, 600), await jpegWithGps(600, 400), await png(400, 800)];
    const keys = await storeListingPhotos(storage, inputs);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(new Set(keys).size).toBe(3);
    expect((await files()).sort()).toEqual(keys.flatMap((k) => [k, cardKeyOf(k)]).sort());
    // Order kept: the second upload was the 600x400 JPEG shot sideways, stored upright.
    expect((await storage.head(keys[1]))?.contentType).toBe('image/webp');
    expect(await sharp((await readPhoto(storage, keys[1]))!).metadata()).toMatchObject({ width: 400, height: 600, format: 'webp' });
    expect(await sharp((await readPhoto(storage, cardKeyOf(keys[2])))!).metadata()).toMatchObject({ width: 320, height: 640 });
    // Issue 45: the renditions' sizes go with the keys, as the encoder reported them.
    expect(photoSizesOf(keys)[keys[1]]).toEqual([400, 600, 400, 600]);
    expect(photoSizesOf(keys)[keys[2]]).toEqual([400, 800, 320, 640]);
  });

  it('refuses 31 photos before processing any', async () => {
    const one = await png(50, 50);
    const err = await refusal(storeListingPhotos(storage, Array.from({ length: 31 }, () => one)));
    expect(err.message).toBe(MSG.tooManyImages);
    expect(await files()).toEqual([]);
    expect(await storeListingPhotos(storage, Array.from({ length: 30 }, () => one))).toHaveLength(30);
  });

  it('leaves no file behind when a photo in the middle of the batch is refused', async () => {
    const good = await png(1200, 900);
    const batch = [good, good, good, html, good, good];
    const err = await refusal(storeListingPhotos(storage, batch));
    expect(err.message).toBe(MSG.invalidImage);
    expect(err.index).toBe(3);
    expect(await files()).toEqual([]);
  });

  it('cleans up and reports a server error when storage fails halfway', async () => {
    let puts = 0;
    const failing: PhotoStorage = {
      ...storage,
      put: async (key, data, type) => {
        if (++puts === 4) throw new Error('disk full');
        return storage.put(key, data, type);
      },
    };
    const good = await png(200, 200);
    const err = await refusal(storeListingPhotos(failing, [good, good, good]));
    expect(err.statusCode).toBe(500);
    expect(err.message).toBe(MSG.serverError);
    expect(await files()).toEqual([]);
  });

  it('deletePhotos removes both sizes and ignores unknown or hostile keys', async () => {
    const keys = await storeListingPhotos(storage, [await png(100, 100), await png(120, 100)]);
    await deletePhotos(storage, [keys[0], 'ffffffffffffffffffffffffffffffff.webp', '../../etc/passwd']);
    expect((await files()).sort()).toEqual([keys[1], cardKeyOf(keys[1])].sort());
  });
});

describe('disk storage', () => {
  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../x.webp', '..%2Fx.webp', 'a/b.webp', 'a\\b.webp', '.hidden.webp', 'x.webp.html', 'x.html', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid photo key/);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).rejects.toThrow(/invalid photo key/);
    }
  });

  it('writes through a temporary file and leaves only the final name', async () => {
    await storage.put('abc123.webp', Buffer.from('data'), 'image/webp');
    expect(await files()).toEqual(['abc123.webp']);
    expect(await readPhoto(storage, 'abc123.webp')).toEqual(Buffer.from('data'));
    expect(await storage.head('abc123.webp')).toMatchObject({ size: 4, contentType: 'image/webp' });
    await storage.delete('abc123.webp');
    await storage.delete('abc123.webp');
    expect(await storage.get('abc123.webp')).toBeNull();
  });

  it('removes temporary files a killed process left behind, but not fresh ones', async () => {
    const stale = path.join(dir, '.tmp-0123456789abcdef');
    const fresh = path.join(dir, '.tmp-fedcba9876543210');
    await writeFile(stale, 'half a photo');
    await writeFile(fresh, 'being written');
    const old = new Date(Date.now() - 60 * 60_000);
    await utimes(stale, old, old);
    const restarted = createDiskStorage(dir);
    await restarted.put('abc.webp', Buffer.from('x'), 'image/webp');
    expect((await files()).sort()).toEqual(['.tmp-fedcba9876543210', 'abc.webp']);
  });
});
