/**
 * Overload (issue 18): search work waits in a bounded queue; beyond it (queue full, or waited too
 * long) the answer is 503 with Retry-After and a Spanish message at once, never a hung request,
 * and the home page keeps answering from its cached copy while the database is saturated. The
 * queue is made tiny here and held busy through the app's own queue.
 */
import { MSG } from 'shared-contracts';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { post } from './support/http';

const TTL = 60_000;

describe.each(engines())('search under overload on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { searchQueue: { concurrency: 1, maxQueued: 1, maxWaitMs: 300 } });
    await bulkInsertListings(t.app.db, { count: 50, seed: 3 });
  });
  afterAll(() => t.close());

  /** Takes the one running slot and the one waiting place; resolves the returned function to free them. */
  function saturate() {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const running = t.app.searchQueue.run(() => held);
    const waiting = t.app.searchQueue.run(() => held);
    return async () => {
      release();
      await Promise.all([running, waiting]);
    };
  }

  test('beyond the queue: 503 at once with Retry-After and a Spanish message; the cached home page still answers', async () => {
    const home = await post(t, '/allAnuncios', { filters: {}, page: 0 });
    expect(home.status).toBe(200);
    // The cached copy has expired: normally the next request would wait for the database.
    t.clock.advance(TTL);

    const free = saturate();
    const started = Date.now();
    const cold = await post(t, '/allAnuncios', { filters: { proposito: 'venta', precioMin: 12345 }, page: 0 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(cold.status).toBe(503);
    expect(cold.headers.get('retry-after')).toBe('2');
    expect(cold.body).toEqual({ error: MSG.busy });

    const again = await post(t, '/allAnuncios', { filters: {}, page: 0 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(home.body);
    await free();

    expect((await post(t, '/allAnuncios', { filters: { proposito: 'venta', precioMin: 12345 }, page: 0 })).status).toBe(200);
  });

  test('a request that waits longer than the queue allows gets 503 instead of hanging', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const running = t.app.searchQueue.run(() => held);
    const started = Date.now();
    const res = await post(t, '/allAnuncios', { filters: { habitaciones: 2 }, page: 0 });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    release();
    await running;
    expect((await post(t, '/allAnuncios', { filters: { habitaciones: 2 }, page: 0 })).status).toBe(200);
  });
});
