import { IMAGE_TARGET_MB } from 'shared-contracts';

/** Compresses one photo; onProgress gets 0..100. Injected in tests (jsdom has no canvas). */
export type CompressFn = (file: File, onProgress: (percent: number) => void) => Promise<File>;

const TARGET_BYTES = IMAGE_TARGET_MB * 1024 * 1024;

/**
 * Each photo to at most IMAGE_TARGET_MB (SPEC §9) in a web worker whose script the portal serves.
 * PNG is lossless, so the library can only shrink its dimensions a little per pass: a PNG still
 * over the target is re-encoded as JPEG (measured: a 2.2 MB photo-like PNG stayed at 350 KB as PNG).
 */
export const compressImage: CompressFn = async (file, onProgress) => {
  // Loaded on first use: the library and its worker script are not needed to show the form.
  const [{ default: imageCompression }, { workerLibUrl }] = await Promise.all([
    import('browser-image-compression'),
    import('./worker-lib-url'),
  ]);
  const options = { maxSizeMB: IMAGE_TARGET_MB, useWebWorker: true, libURL: workerLibUrl };
  const isPng = file.type === 'image/png';
  const first = await imageCompression(file, { ...options, onProgress: (p) => onProgress(isPng ? p / 2 : p) });
  if (first.size <= TARGET_BYTES || !isPng) return first;
  const jpeg = await imageCompression(file, { ...options, fileType: 'image/jpeg', onProgress: (p) => onProgress(50 + p / 2) });
  return new File([jpeg], file.name.replace(/\.png$/i, '') + '.jpg', { type: 'image/jpeg', lastModified: file.lastModified });
};
