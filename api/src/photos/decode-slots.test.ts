/**
 * The photo pipeline's memory bound: however many uploads run at once, no more than
 * PHOTO_CONCURRENCY photos are being decoded and encoded in the process (issue 11, "Photos").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_CONCURRENCY, createSlots, photoDecodeSlots } from './decode-slots';
import { createDiskStorage } from './storage';
import { storeListingPhotos } from './store-photos';

describe('decode slots', () => {
  test('never more than the limit at once, every task runs, waiters start in arrival order', async () => {
    const slots = createSlots(3);
    const started: number[] = [];
    const release: (() => void)[] = [];
    let maxActive = 0;
    const tasks = Array.from({ length: 10 }, (_, i) =>
      slots.run(async () => {
        started.push(i);
        maxActive = Math.max(maxActive, slots.active);
        await new Promise<void>((resolve) => release.push(resolve));
        return i * 2;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    // Finishing one lets exactly one more in, the longest waiting.
    release.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3]);
    while (started.length < 10 || release.length) {
      release.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(tasks)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(maxActive).toBe(3);
    expect(slots.peak).toBe(3);
    expect(slots.active).toBe(0);
  });

  test('a failing task frees its slot', async () => {
    const slots = createSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('roto')))).rejects.toThrow('roto');
    expect(slots.active).toBe(0);
    expect(await slots.run(async () => 'sigue')).toBe('sigue');
  });

  test('three uploads at once: libvips never works on more than PHOTO_CONCURRENCY photos', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decode-slots-'));
    try {
      const storage = createDiskStorage(dir);
      // Noisy JPEGs: real decode and encode work, a few tens of milliseconds each.
      const photo = (i: number) =>
        sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 20 * i, g: 120, b: 90 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
          .jpeg({ quality: 70 })
          .toBuffer();
      const files = await Promise.all(Array.from({ length: 6 }, (_, i) => photo(i)));

      // sharp counts the pipelines libvips is running; with libuv's thread pool it would run four
      // or more at once if the slots did not hold the rest back (checked: 5 without them).
      let maxRunning = 0;
      const sampler = setInterval(() => (maxRunning = Math.max(maxRunning, sharp.counters().process)), 1);
      const uploads = await Promise.all([0, 1, 2].map(() => storeListingPhotos(storage, files)));
      clearInterval(sampler);

      expect(uploads.map((keys) => keys.length)).toEqual([6, 6, 6]);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.webp'))).toHaveLength(36);
      expect(maxRunning).toBeGreaterThan(0);
      expect(maxRunning).toBeLessThanOrEqual(PHOTO_CONCURRENCY);
      // The slots were really used and filled (three uploads keep more than two photos waiting).
      expect(photoDecodeSlots.peak).toBe(PHOTO_CONCURRENCY);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
