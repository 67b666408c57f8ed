/**
 * Partner photos: downloaded with a time limit and a byte cap, then checked and re-encoded by
 * the same pipeline as user uploads (processPhoto). A photo that fails is skipped and reported;
 * it never fails the ad. URLs already stored for the ad are reused, not downloaded again.
 */
import { BlockedUrlError, allowHostsFromEnv, safeFetch } from './safe-fetch';
import { PHOTO_CONCURRENCY, PHOTO_MAX_BYTES, PhotoError, dimsOf, processPhoto, storeProcessedPhoto, type PhotoSizes, type PhotoStorage } from '../photos';

export interface PhotoFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** "host:port" entries reachable although internal (safe-fetch.ts). */
  allowHosts: readonly string[];
}
export const DEFAULT_PHOTO_FETCH: PhotoFetchOptions = { timeoutMs: 10_000, maxBytes: PHOTO_MAX_BYTES, allowHosts: allowHostsFromEnv() };

/** The bytes at `url`, or an Error whose message is the reason shown in the report. */
export async function downloadPhoto(url: string, opts: PhotoFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await safeFetch(url, { signal, allowHosts: opts.allowHosts });
  } catch (err) {
    if (err instanceof BlockedUrlError) throw err;
    throw new Error(signal.aborted ? `tiempo agotado (${opts.timeoutMs / 1000} s)` : `descarga fallida: ${(err as Error).message}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(`el servidor respondió ${res.status}`);
  }
  const tooLarge = () => new Error(`más de ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
  if (Number(res.headers.get('content-length') ?? 0) > opts.maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const parts: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length;
      if (total > opts.maxBytes) {
        await res.body.cancel().catch(() => undefined);
        throw tooLarge();
      }
      parts.push(Buffer.from(chunk));
    }
  } catch (err) {
    if (signal.aborted) throw new Error(`tiempo agotado (${opts.timeoutMs / 1000} s)`);
    throw err;
  }
  return Buffer.concat(parts);
}

export interface ResolvedPhotos {
  /** Full-size keys in feed order (failed photos left out). */
  keys: string[];
  /** URLs downloaded and stored in this run, with their keys. */
  added: { url: string; key: string }[];
  failures: { url: string; reason: string }[];
  /** Every key written to storage in this run (for cleanup if the batch fails). */
  written: string[];
  /** Issue 45: the renditions' sizes of the photos stored in this run. */
  sizes: PhotoSizes;
}

export async function resolvePhotos(
  storage: PhotoStorage,
  urls: string[],
  known: ReadonlyMap<string, string>,
  opts: PhotoFetchOptions,
): Promise<ResolvedPhotos> {
  const keys: (string | null)[] = urls.map((u) => known.get(u) ?? null);
  const result: ResolvedPhotos = { keys: [], added: [], failures: [], written: [], sizes: {} };
  const todo = urls.map((url, i) => ({ url, i })).filter(({ i }) => keys[i] === null);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < todo.length) {
      const { url, i } = todo[next++];
      try {
        const photo = await processPhoto(await downloadPhoto(url, opts));
        const key = await storeProcessedPhoto(storage, photo, result.written);
        keys[i] = key;
        result.sizes[key] = dimsOf(photo);
        result.added.push({ url, key });
      } catch (err) {
        result.failures.push({ url, reason: err instanceof PhotoError ? err.message : (err as Error).message });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, todo.length) }, worker));
  result.keys = keys.filter((k): k is string => k !== null);
  return result;
}
