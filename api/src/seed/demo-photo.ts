/**
 * Generated "photos" for the demo catalogue: an SVG scene (sky, sun, hills, a house or a
 * building, a palm) rendered to JPEG by sharp. Varied by seed, nothing downloaded.
 */
import sharp from 'sharp';
import { createRng, type Rng } from './prng';

const SKIES = [
  ['#7ec8f2', '#d9f0ff'], // midday
  ['#f6a96b', '#fde3c4'], // sunset
  ['#5fa8d3', '#cae9ff'],
  ['#9b8ae0', '#f7c6d9'], // dusk
  ['#4f9ed8', '#e8f6ff'],
] as const;
const WALLS = ['#f4e1c1', '#fbe7e3', '#e3f1e8', '#f7f3da', '#e6e9f5', '#fde2c8', '#ffffff', '#d8ecf3'];
const ROOFS = ['#b5523b', '#8a4b2f', '#5c6770', '#a0522d', '#3f6f8a'];
const GRASS = ['#6fbf73', '#5aa469', '#86c27d', '#7bb661'];

function windows(rng: Rng, x: number, y: number, w: number, h: number, cols: number, rows: number): string {
  const out: string[] = [];
  const cw = w / cols;
  const rh = h / rows;
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++) {
      const lit = rng.chance(0.3) ? '#ffe9a8' : '#8fb8d6';
      out.push(`<rect x="${x + c * cw + cw * 0.2}" y="${y + r * rh + rh * 0.2}" width="${cw * 0.6}" height="${rh * 0.55}" rx="2" fill="${lit}"/>`);
    }
  return out.join('');
}

function house(rng: Rng, W: number, ground: number): string {
  const w = W * rng.float(0.38, 0.5);
  const h = w * rng.float(0.45, 0.6);
  const x = W * rng.float(0.12, 0.5);
  const y = ground - h;
  const wall = rng.pick(WALLS);
  const roof = rng.pick(ROOFS);
  const door = `<rect x="${x + w * 0.44}" y="${ground - h * 0.55}" width="${w * 0.14}" height="${h * 0.55}" fill="#6b4226"/>`;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${wall}" stroke="#00000022"/>` +
    `<polygon points="${x - w * 0.06},${y} ${x + w / 2},${y - h * 0.55} ${x + w * 1.06},${y}" fill="${roof}"/>` +
    windows(rng, x + w * 0.05, y + h * 0.15, w * 0.35, h * 0.4, 2, 1) +
    windows(rng, x + w * 0.62, y + h * 0.15, w * 0.35, h * 0.4, 2, 1) +
    door
  );
}

function building(rng: Rng, W: number, ground: number, H: number): string {
  const w = W * rng.float(0.22, 0.32);
  const h = H * rng.float(0.45, 0.7);
  const x = W * rng.float(0.15, 0.6);
  const floors = Math.round(h / 40);
  return (
    `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${rng.pick(WALLS)}" stroke="#00000033"/>` +
    windows(rng, x + w * 0.04, ground - h + 10, w * 0.92, h - 30, 4, floors)
  );
}

function palm(rng: Rng, x: number, ground: number, H: number): string {
  const h = H * rng.float(0.3, 0.45);
  const top = ground - h;
  const leaves = [-60, -25, 10, 45, 80, 120]
    .map((a) => `<ellipse cx="${x}" cy="${top}" rx="${h * 0.28}" ry="${h * 0.06}" fill="#2f7d3a" transform="rotate(${a + rng.int(-8, 8)} ${x} ${top}) translate(${h * 0.2} 0)"/>`)
    .join('');
  return `<path d="M${x - 4},${ground} Q${x + 14},${ground - h / 2} ${x},${top}" stroke="#7a5230" stroke-width="${Math.max(6, h * 0.05)}" fill="none"/>${leaves}`;
}

export function demoPhotoSvg(seed: number, width: number, height: number): string {
  const rng = createRng(seed * 7919 + 17);
  const [skyTop, skyBottom] = rng.pick(SKIES);
  const ground = height * rng.float(0.72, 0.8);
  const sunX = width * rng.float(0.1, 0.9);
  const scene = rng.chance(0.55) ? house(rng, width, ground) : building(rng, width, ground, height);
  const palms = Array.from({ length: rng.int(1, 3) }, () => palm(rng, width * rng.float(0.05, 0.95), ground, height)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${height * 0.18}" r="${height * 0.07}" fill="#fff3b0" opacity="0.9"/>
<ellipse cx="${width * 0.3}" cy="${ground + 10}" rx="${width * 0.5}" ry="${height * 0.16}" fill="${rng.pick(GRASS)}" opacity="0.7"/>
<rect y="${ground}" width="${width}" height="${height - ground}" fill="${rng.pick(GRASS)}"/>
${scene}${palms}
</svg>`;
}

/** A JPEG of the scene for `seed`. */
export function generateDemoPhoto(seed: number, size: { width: number; height: number } = { width: 1024, height: 683 }): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(seed, size.width, size.height)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
