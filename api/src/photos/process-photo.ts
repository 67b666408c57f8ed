/**
 * One uploaded photo -> two WebP renditions. The bytes decide what a file is (never its name
 * or declared type); the declared dimensions are checked before any pixel is decoded, so a
 * decompression bomb costs a header read, not gigabytes of memory.
 */
import sharp, { type Metadata } from 'sharp';
import { MSG, sniffImageFormat as sniffBytes, type ImageFormat } from 'shared-contracts';
import { photoDecodeSlots } from './decode-slots';

/** Per-file byte limit; the multipart parser should enforce the same figure. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: above any phone camera, far below a pixel flood. */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const FULL_LONG_SIDE = 1600;
export const CARD_LONG_SIDE = 640;
const WEBP_QUALITY = 80;
/**
 * libwebp's effort for the full rendition: 2 instead of the default 4 halves the encode (about
 * 210 -> 90 ms for 1600x1200 here) for files about 7 % larger, which is what brings a 30-photo
 * listing under 3 seconds (docs/performance.md). The card, the image of every list and the home
 * page's largest paint on phones, keeps the default effort: it is small and cheap to encode.
 */
const FULL_WEBP_EFFORT = 2;

export class PhotoError extends Error {
  /** 400 for a refused photo (the user's message), 500 when the server failed. */
  readonly statusCode: number;
  /** Zero-based position of the photo in the upload, when known. */
  index?: number;
  constructor(message: string, statusCode = 400, options?: { cause?: unknown; index?: number }) {
    super(message, { cause: options?.cause });
    this.name = 'PhotoError';
    this.statusCode = statusCode;
    this.index = options?.index;
  }
}

export type PhotoFormat = ImageFormat;

/** PNG or JPEG by magic number, or null: the contracts' test, which the photo picker applies too. */
export const sniffImageFormat: (buf: Uint8Array) => PhotoFormat | null = sniffBytes;

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}
export interface ProcessedPhoto {
  full: ProcessedImage;
  card: ProcessedImage;
  /** The format the upload really was. */
  sourceFormat: PhotoFormat;
}

const SHARP_INPUT = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', sequentialRead: true } as const;

export async function processPhoto(buf: Buffer): Promise<ProcessedPhoto> {
  if (!Buffer.isBuffer(buf) || buf.length === 0) throw new PhotoError(MSG.invalidImage);
  if (buf.length > PHOTO_MAX_BYTES) throw new PhotoError(MSG.imageTooLarge);
  const format = sniffImageFormat(buf);
  if (!format) throw new PhotoError(MSG.invalidImage);

  let meta: Metadata;
  try {
    // Header only: the pixel limit is checked below so an oversized image gets its own message.
    meta = await sharp(buf, { ...SHARP_INPUT, limitInputPixels: false }).metadata();
  } catch (err) {
    throw new PhotoError(MSG.invalidImage, 400, { cause: err });
  }
  // libvips must agree with the magic number (a JPEG header glued on something else does not).
  if (meta.format !== format || !meta.width || !meta.height) throw new PhotoError(MSG.invalidImage);
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw new PhotoError(MSG.imageTooLarge);

  // The checks above read headers only; the pixels are decoded in one of the process's few slots.
  return photoDecodeSlots.run(() => renditions(buf, format));
}

async function renditions(buf: Buffer, format: PhotoFormat): Promise<ProcessedPhoto> {
  try {
    // Decoded once, already at the full rendition's size: libwebp needs the whole picture in
    // memory anyway, and both renditions are encoded from these pixels (re-decoding the WebP for
    // the card cost a third of the time). sharp drops EXIF/XMP/ICC metadata: GPS goes away here.
    const pixels = await sharp(buf, SHARP_INPUT)
      .autoOrient()
      .resize({ width: FULL_LONG_SIDE, height: FULL_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
    const full = await sharp(pixels.data, raw).webp({ quality: WEBP_QUALITY, effort: FULL_WEBP_EFFORT }).toBuffer({ resolveWithObject: true });
    const card = await sharp(pixels.data, raw)
      .resize({ width: CARD_LONG_SIDE, height: CARD_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      full: { data: full.data, width: full.info.width, height: full.info.height },
      card: { data: card.data, width: card.info.width, height: card.info.height },
      sourceFormat: format,
    };
  } catch (err) {
    throw new PhotoError(MSG.invalidImage, 400, { cause: err });
  }
}
