/**
 * Overload (issue 18): search work waits in a bounded queue; beyond it (queue full, or waited too
 * long) the answer is 503 with Retry-After and a Spanish message at once, never a hung request,
 * and the home page keeps answering from its cached copy while the database is saturated. The
 * queue is made tiny here and held busy through the app's own queue.
 */
import { MSG, SITE_KEY_HEADER } from 'shared-contracts';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { RATE_LIMITS } from '../src/plugins/rate-limit-policy';
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

/**
 * Issue 40: one client could fill the shared search queue, and everyone's searches that the cache
 * cannot answer got 503. Searches the cache cannot answer are now limited per client (the real
 * limiter, counting in the database); the site server, which asks for every visitor of a
 * server-rendered page, is known by its key, never by a header anyone can write.
 */
describe.each(engines())('searches per client on %s', (engine) => {
  const SITE_KEY = 'clave-del-servidor-del-sitio-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { trustProxy: 1, siteApiKey: SITE_KEY } as never);
    await bulkInsertListings(t.app.db, { count: 50, seed: 5 });
  });
  afterAll(() => t.close());
  const search = (filters: object, ip: string, headers: Record<string, string> = {}) => post(t, '/allAnuncios', { filters, page: 0 }, { 'x-forwarded-for': ip, ...headers });

  test('a client flooding uncached searches gets 429 with Retry-After past its budget; another client still gets 200', async () => {
    const max = RATE_LIMITS.search.ip.max;
    const flood = await Promise.all(Array.from({ length: max + 20 }, (_, i) => search({ precioMin: 1000 + i }, '198.51.100.50')));
    const statuses = flood.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = flood.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ error: MSG.busquedasPorCliente });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // the same call shape answers others at once
    expect((await search({ precioMin: 99_999 }, '198.51.100.51')).status).toBe(200);
    // what the cache holds costs the database nothing: still answered to the flooding client
    expect((await search({ precioMin: 1000 }, '198.51.100.50')).status).toBe(200);
    expect((await search({ precioMin: 77_777 }, '198.51.100.50')).status).toBe(429);
    t.clock.advance(RATE_LIMITS.search.ip.windowMs);
    expect((await search({ precioMin: 77_777 }, '198.51.100.50')).status).toBe(200);
  });

  test('map views have a budget of their own: panning never uses up the searches, nor searches the map; past it 429 with Retry-After', async () => {
    const view = (ip: string, i: number) => post(t, '/anuncios/mapa', { filters: {}, vista: [18 + i / 1000, -70.5, 18.6, -69.5], zoom: 10 }, { 'x-forwarded-for': ip });
    const maps = RATE_LIMITS.map.ip.max;
    const searches = RATE_LIMITS.search.ip.max;
    expect(maps).toBeGreaterThanOrEqual(5 * searches);
    // a client that used up its searches still moves its map
    for (let i = 0; i < searches; i++) await search({ precioMin: 8000 + i }, '198.51.100.70');
    expect((await search({ precioMin: 9000 }, '198.51.100.70')).status).toBe(429);
    expect((await view('198.51.100.70', 0)).status).toBe(200);
    // a client panning far more than its searches' budget still searches; beyond the map's budget, 429
    const statuses: number[] = [];
    for (let i = 0; i < maps + 10; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, maps + 10 - i) }, (_, k) => view('198.51.100.71', i + k)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(maps);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = await view('198.51.100.71', 0);
    expect(refused.body).toEqual({ error: MSG.busquedasPorCliente });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await search({ precioMin: 9001 }, '198.51.100.71')).status).toBe(200);
    t.clock.advance(RATE_LIMITS.map.ip.windowMs);
    expect((await view('198.51.100.71', 1)).status).toBe(200);
  });

  test('the site server (by its key) renders for everyone and is not limited; a guessed or empty key counts as any client', async () => {
    const max = RATE_LIMITS.search.ip.max;
    for (let i = 0; i < max + 5; i++) expect((await search({ precioMin: 5000 + i }, '198.51.100.60', { [SITE_KEY_HEADER]: SITE_KEY })).status).toBe(200);
    for (let i = 0; i < max; i++) await search({ precioMin: 6000 + i }, '198.51.100.61');
    expect((await search({ precioMin: 7000 }, '198.51.100.61', { [SITE_KEY_HEADER]: 'adivinada-0123456789abcdef0123456789abcdef' })).status).toBe(429);
    expect((await search({ precioMin: 7001 }, '198.51.100.61', { [SITE_KEY_HEADER]: '' })).status).toBe(429);
  });
});
