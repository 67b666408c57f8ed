import { IMAGE_TARGET_MB } from 'shared-contracts';

/** Compresses one photo; onProgress gets 0..100. Injected in tests (jsdom has no canvas). */
export type CompressFn = (file: File, onProgress: (percent: number) => void) => Promise<File>;

const TARGET_BYTES = IMAGE_TARGET_MB * 1024 * 1024;

/**
 * Each photo to at most IMAGE_TARGET_MB (SPEC §9) in a web worker whose script the portal serves.
 * A PNG over the target goes straight to JPEG: PNG is lossless, so the library can only shrink its
 * dimensions a little per pass, each pass a pure-JavaScript PNG encode (measured: a 2.2 MB
 * photo-like PNG stayed at 350 KB after its ten passes, and on the CI machine under load those
 * passes outlasted a minute before the JPEG pass even began). A PNG already under the target is
 * returned as it is.
 */
export const compressImage: CompressFn = async (file, onProgress) => {
  // Loaded on first use: the library and its worker script are not needed to show the form.
  const [{ default: imageCompression }, { workerLibUrl }] = await Promise.all([
    import('browser-image-compression'),
    import('./worker-lib-url'),
  ]);
  const options = { maxSizeMB: IMAGE_TARGET_MB, useWebWorker: true, libURL: workerLibUrl, onProgress };
  if (file.type !== 'image/png') return imageCompression(file, options);
  if (file.size <= TARGET_BYTES) {
    onProgress(100);
    return file;
  }
  const jpeg = await imageCompression(file, { ...options, fileType: 'image/jpeg' });
  return new File([jpeg], file.name.replace(/\.png$/i, '') + '.jpg', { type: 'image/jpeg', lastModified: file.lastModified });
};
