/**
 * Issue 47: what the form shows while a listing and its photos are sent, from the bytes the
 * browser reports sent. One request carries the fields first, then the photos in order
 * (build-anuncio-form-data), so each photo's share is the bytes sent past the ones before it.
 */
export interface UploadProgress {
  /** 0..100 over the whole request. */
  percent: number;
  /** Photos sent completely, of `photos`. */
  sent: number;
  photos: number;
  /** Each photo's 0..100, by the name it is sent under. */
  perPhoto: Record<string, number>;
}

/** Before the first byte: shown the moment the user submits. */
export function startingUpload(parts: readonly { name: string; file: Blob }[]): UploadProgress {
  return { percent: 0, sent: 0, photos: parts.length, perPhoto: Object.fromEntries(parts.map((p) => [p.name, 0])) };
}

/**
 * `loaded` of `total` bytes sent: the bytes that are not the photos' (the fields and each part's
 * multipart header, a few hundred bytes) are counted before the first photo.
 */
export function uploadProgress(parts: readonly { name: string; file: Blob }[], loaded: number, total: number): UploadProgress {
  const photoBytes = parts.reduce((sum, p) => sum + p.file.size, 0);
  let start = Math.max(0, total - photoBytes);
  let sent = 0;
  const perPhoto: Record<string, number> = {};
  for (const part of parts) {
    const size = part.file.size;
    const share = size > 0 ? Math.min(1, Math.max(0, (loaded - start) / size)) : loaded >= start ? 1 : 0;
    perPhoto[part.name] = Math.floor(share * 100);
    if (share >= 1) sent++;
    start += size;
  }
  return { percent: total > 0 ? Math.floor((Math.min(loaded, total) / total) * 100) : 0, sent, photos: parts.length, perPhoto };
}
