/**
 * Opens a feed from a file path or an http(s) URL as a stream of byte chunks, with a byte cap
 * and (for URLs) a time limit, and tells XML from JSON by the first significant byte.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { FeedError } from './types';
import { allowHostsFromEnv, safeFetch } from './safe-fetch';

export interface FeedLimits {
  /** Whole-feed cap; a streamed XML feed may be large, but not without bound. */
  maxBytes: number;
  /** JSON is parsed whole, so it gets a much smaller cap. */
  jsonMaxBytes: number;
  /** Time allowed for downloading a feed given by URL. */
  timeoutMs: number;
  /** "host:port" entries reachable although internal (safe-fetch.ts). */
  allowHosts: readonly string[];
}

export const DEFAULT_FEED_LIMITS: FeedLimits = {
  maxBytes: 1024 * 1024 * 1024,
  jsonMaxBytes: 50 * 1024 * 1024,
  timeoutMs: 10 * 60_000,
  allowHosts: allowHostsFromEnv(),
};

export type FeedFormat = 'xml' | 'json';

export interface OpenedFeed {
  format: FeedFormat;
  chunks: AsyncIterable<Buffer>;
  /** Releases the file or connection when the import stops early. */
  close(): void;
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

async function* capped(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > maxBytes) throw new FeedError(`el feed supera el límite de ${mb(maxBytes)}`);
    yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  }
}

async function openChunks(location: string, limits: FeedLimits): Promise<{ chunks: AsyncIterable<Uint8Array>; close(): void }> {
  if (/^https?:\/\//i.test(location)) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new FeedError(`el feed tardó más de ${limits.timeoutMs / 1000} s`)), limits.timeoutMs);
    timer.unref();
    let res: Response;
    try {
      res = await safeFetch(location, { signal: controller.signal, allowHosts: limits.allowHosts });
    } catch (err) {
      clearTimeout(timer);
      throw new FeedError(`no se pudo descargar el feed: ${(err as Error).message}`, { cause: err });
    }
    if (!res.ok || !res.body) {
      clearTimeout(timer);
      await res.body?.cancel().catch(() => undefined);
      throw new FeedError(`el servidor del feed respondió ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > limits.maxBytes) {
      clearTimeout(timer);
      await res.body.cancel().catch(() => undefined);
      throw new FeedError(`el feed supera el límite de ${mb(limits.maxBytes)}`);
    }
    const body = res.body;
    async function* chunks() {
      try {
        for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) yield chunk;
      } catch (err) {
        throw err instanceof FeedError ? err : new FeedError(`descarga del feed interrumpida: ${(err as Error).message}`, { cause: err });
      } finally {
        clearTimeout(timer);
      }
    }
    return { chunks: chunks(), close: () => controller.abort() };
  }
  const info = await stat(location).catch((err: NodeJS.ErrnoException) => {
    throw new FeedError(`no se puede leer el archivo del feed (${err.code ?? err.message})`, { cause: err });
  });
  if (!info.isFile()) throw new FeedError('la ruta del feed no es un archivo');
  if (info.size > limits.maxBytes) throw new FeedError(`el feed supera el límite de ${mb(limits.maxBytes)}`);
  const stream = createReadStream(location, { highWaterMark: 64 * 1024 });
  return { chunks: stream, close: () => stream.destroy() };
}

/** The first significant character decides: '<' is XML, '{' is the JSON form. */
function detect(first: Buffer): FeedFormat | null {
  let i = first.length >= 3 && first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf ? 3 : 0;
  while (i < first.length && (first[i] === 0x20 || first[i] === 0x09 || first[i] === 0x0a || first[i] === 0x0d)) i++;
  if (i === first.length) return null;
  if (first[i] === 0x3c) return 'xml';
  if (first[i] === 0x7b) return 'json';
  throw new FeedError('el feed no es XML de Trovit/Mitula ni JSON');
}

export async function openFeed(location: string, limits: FeedLimits): Promise<OpenedFeed> {
  const opened = await openChunks(location, limits);
  const iterator = capped(opened.chunks, limits.maxBytes)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let format: FeedFormat | null = null;
  try {
    while (!format) {
      const next = await iterator.next();
      if (next.done) throw new FeedError('el feed está vacío');
      head.push(next.value);
      format = detect(Buffer.concat(head));
    }
  } catch (err) {
    opened.close();
    throw err;
  }
  const cap = format === 'json' ? limits.jsonMaxBytes : limits.maxBytes;
  async function* replay(): AsyncGenerator<Buffer> {
    let total = 0;
    const check = (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) throw new FeedError(`el feed supera el límite de ${mb(cap)}`);
      return chunk;
    };
    for (const chunk of head) yield check(chunk);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield check(next.value);
  }
  return { format, chunks: replay(), close: opened.close };
}
