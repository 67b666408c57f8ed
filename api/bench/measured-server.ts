/**
 * Child process of the photo and soak benchmarks: the real app (buildApp) on a loopback port, with
 * an IPC channel through which the parent asks for this process's memory (V8 heap, external
 * buffers, RSS) and the photo pipeline's decode slots — figures /proc cannot give from outside.
 * Started with --expose-gc: a memory request may ask for a full collection first, so the heap
 * figure is the live heap rather than whatever garbage happens to await collection.
 * Errors are logged (LOG_LEVEL, default `error`), so the cause of any 5xx shows in the output.
 *
 * The parent forks it; it answers `ready`, then `memory` requests, and exits when told to or when
 * the parent goes away.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { photoDecodeSlots } from '../src/photos';

export interface MemorySample {
  /** ms since the child started listening. */
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}
export interface DecodeSlotsSample {
  limit: number;
  /** Most photos ever processed at once in this process. */
  peak: number;
  /** libvips threads per image. */
  sharpThreads: number;
}

export type ParentMessage = { type: 'memory'; id: number; gc: boolean } | { type: 'slots'; id: number } | { type: 'exit' };
export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'memory'; id: number; sample: MemorySample }
  | { type: 'slots'; id: number; sample: DecodeSlotsSample }
  | { type: 'error'; message: string };

const send = (m: ChildMessage) => process.send?.(m);

async function main() {
  const config = loadConfig({
    LOG_LEVEL: 'error',
    ...process.env,
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  });
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const started = performance.now();

  process.on('message', (m: ParentMessage) => {
    if (m.type === 'exit') {
      void app.close().finally(() => process.exit(0));
    } else if (m.type === 'memory') {
      if (m.gc) globalThis.gc?.();
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
      send({ type: 'memory', id: m.id, sample: { at: Math.round(performance.now() - started), rss, heapUsed, heapTotal, external, arrayBuffers } });
    } else if (m.type === 'slots') {
      send({ type: 'slots', id: m.id, sample: { limit: photoDecodeSlots.limit, peak: photoDecodeSlots.peak, sharpThreads: sharp.concurrency() } });
    }
  });
  // An orphaned benchmark server must not linger.
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  send({ type: 'ready', port: config.port });
}

main().catch((err: Error) => {
  send({ type: 'error', message: err.stack ?? err.message });
  process.exit(1);
});
