/**
 * Phone-like test photos for the photo benchmark: JPEGs of 1600×1200 with a sky gradient, a few
 * walls and windows, smooth shading and sensor grain — content a JPEG encoder and the WebP
 * re-encode treat like a real photo (flat colours would compress to a few KB and flatter the
 * pipeline). The JPEG quality is searched per photo so each file lands near the target size.
 * Drawing and the search take about a second a photo, so they are kept in a temporary directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { rng } from './random';

export interface PhotoFixture {
  data: Buffer;
  width: number;
  height: number;
}

/** Raw RGB pixels of one synthetic street scene. */
function scene(width: number, height: number, seed: number): Buffer {
  const random = rng(seed);
  const px = Buffer.alloc(width * height * 3);
  const horizon = Math.floor(height * (0.3 + random() * 0.2));
  const walls = Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
    const x0 = Math.floor(random() * width * 0.8);
    return {
      x0,
      x1: Math.min(width, x0 + Math.floor(width * (0.15 + random() * 0.4))),
      y0: Math.floor(horizon * (0.4 + random() * 0.6)),
      rgb: [120 + random() * 135, 90 + random() * 140, 60 + random() * 150],
      window: 40 + Math.floor(random() * 60),
    };
  });
  // Low-frequency shading: a coarse grid of random values, bilinearly interpolated.
  const cell = 80;
  const gw = Math.ceil(width / cell) + 2;
  const grid = Float32Array.from({ length: gw * (Math.ceil(height / cell) + 2) }, () => random());
  const shade = (x: number, y: number) => {
    const gx = x / cell;
    const gy = y / cell;
    const ix = Math.floor(gx);
    const iy = Math.floor(gy);
    const fx = gx - ix;
    const fy = gy - iy;
    const g = (i: number, j: number) => grid[j * gw + i];
    return (g(ix, iy) * (1 - fx) + g(ix + 1, iy) * fx) * (1 - fy) + (g(ix, iy + 1) * (1 - fx) + g(ix + 1, iy + 1) * fx) * fy;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r: number;
      let g: number;
      let b: number;
      const wall = walls.find((w) => x >= w.x0 && x < w.x1 && y >= w.y0);
      if (wall) {
        const inWindow = (x - wall.x0) % wall.window < wall.window * 0.45 && (y - wall.y0) % wall.window < wall.window * 0.55 && y < height * 0.85;
        [r, g, b] = inWindow ? [40, 55, 70] : wall.rgb;
      } else if (y < horizon) {
        const t = y / horizon;
        [r, g, b] = [90 + 110 * t, 150 + 70 * t, 230 - 10 * t];
      } else {
        [r, g, b] = [95, 110 + 40 * shade(x * 3, y * 3), 70];
      }
      const light = 0.75 + 0.5 * shade(x, y);
      const grain = (random() - 0.5) * 26;
      const i = (y * width + x) * 3;
      px[i] = Math.max(0, Math.min(255, r * light + grain));
      px[i + 1] = Math.max(0, Math.min(255, g * light + grain));
      px[i + 2] = Math.max(0, Math.min(255, b * light + grain));
    }
  }
  return px;
}

/** A JPEG of the scene whose size is the nearest the quality search gets to `targetBytes`. */
export async function makePhoto(seed: number, targetBytes = 100 * 1024, width = 1600, height = 1200): Promise<PhotoFixture> {
  const raw = scene(width, height, seed);
  const encode = (quality: number) => sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality, mozjpeg: false }).toBuffer();
  let lo = 5;
  let hi = 95;
  let best: PhotoFixture | null = null;
  while (lo <= hi) {
    const quality = Math.floor((lo + hi) / 2);
    const data = await encode(quality);
    if (!best || Math.abs(data.length - targetBytes) < Math.abs(best.data.length - targetBytes)) best = { data, width, height };
    if (data.length > targetBytes) hi = quality - 1;
    else lo = quality + 1;
  }
  return best as PhotoFixture;
}

/** `count` different photos (same seeds every run), from the temporary cache when there. */
export async function makePhotos(count: number, targetBytes = 100 * 1024, width = 1600, height = 1200): Promise<PhotoFixture[]> {
  const dir = path.join(os.tmpdir(), `bench-photos-v1-${width}x${height}-${targetBytes}`);
  fs.mkdirSync(dir, { recursive: true });
  const photos: PhotoFixture[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `${1000 + i}.jpg`);
    if (fs.existsSync(file)) {
      photos.push({ data: fs.readFileSync(file), width, height });
      continue;
    }
    const photo = await makePhoto(1000 + i, targetBytes, width, height);
    // Written under a temporary name first: an interrupted run must not leave half a JPEG.
    fs.writeFileSync(`${file}.tmp`, photo.data);
    fs.renameSync(`${file}.tmp`, file);
    photos.push(photo);
  }
  return photos;
}
