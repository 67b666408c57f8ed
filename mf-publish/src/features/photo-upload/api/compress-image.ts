import { IMAGE_TARGET_MB } from 'shared-contracts';

/** Compresses one photo; onProgress gets 0..100. Injected in tests (jsdom has no canvas). */
export type CompressFn = (file: File, onProgress: (percent: number) => void) => Promise<File>;

/** Each photo to at most IMAGE_TARGET_MB (SPEC §9) in a web worker whose script the portal serves. */
export const compressImage: CompressFn = async (file, onProgress) => {
  // Loaded on first use: the library and its worker script are not needed to show the form.
  const [{ default: imageCompression }, { workerLibUrl }] = await Promise.all([
    import('browser-image-compression'),
    import('./worker-lib-url'),
  ]);
  return imageCompression(file, { maxSizeMB: IMAGE_TARGET_MB, useWebWorker: true, libURL: workerLibUrl, onProgress });
};
