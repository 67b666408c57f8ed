/** Helpers of the owner-listing suites (issue 20): real photos, multipart bodies, stored files. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { photoKeyOfUrl } from 'shared-contracts';
import { request, type Target } from './http';
import { LISTING_FIELDS } from './listing-fields';

/** A small distinct PNG per colour. */
export const pngOf = (background: string) => sharp({ create: { width: 48, height: 36, channels: 3, background } }).png().toBuffer();

export function listingForm(fields: Record<string, string>, files: Buffer[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  files.forEach((data, i) => fd.append('images', new Blob([new Uint8Array(data)], { type: 'image/png' }), `f${i}.png`));
  return fd;
}

export async function publishListing(t: Target, auth: Record<string, string>, overrides: Record<string, string> = {}, files: Buffer[] = []) {
  const res = await request(t, 'POST', '/anuncio', { raw: listingForm({ ...LISTING_FIELDS, ...overrides }, files), headers: auth });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; image_urls: string[]; estado: string };
}

/** `PUT /anuncio/{id}`: fields, the ordered photo list, the removed keys and the new files. */
export function editListing(t: Target, id: string, auth: Record<string, string>, opts: { fields?: Record<string, string>; fotos: string[]; quitadas?: string[]; files?: Buffer[] }) {
  const fields = { ...LISTING_FIELDS, ...opts.fields, fotos: JSON.stringify(opts.fotos), quitadas: JSON.stringify(opts.quitadas ?? []) };
  return request(t, 'PUT', `/anuncio/${id}`, { raw: listingForm(fields, opts.files ?? []), headers: auth });
}

export const keysOf = (urls: string[]) => urls.map(photoKeyOfUrl);

export function storedFiles(photosDir: string): string[] {
  return fs.existsSync(photosDir) ? fs.readdirSync(photosDir).filter((f) => !f.startsWith('.')).sort() : [];
}

/** The files a set of listing keys should leave on disk (each full-size key and its card rendition). */
export const filesFor = (keys: string[]) => keys.flatMap((k) => [k, k.replace(/\.webp$/, '-card.webp')]).sort();

export const photosDirOf = (dataDir: string) => path.join(dataDir, 'photos');
