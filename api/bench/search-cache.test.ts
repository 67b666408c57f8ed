/**
 * The search cache the benchmark relies on: hot entries are refreshed in the background instead of
 * making a request wait, nothing loaded across a write is kept, the size stays bounded (least
 * recently used out) and failed loads are not cached.
 */
import type { Anuncio, Filters } from 'shared-contracts';
import { createSearchCache, MOVE_SETTLED_BEFORE_MS } from '../src/search/cache';
import { pageBody, restOf, type CachedPage } from '../src/search/page-patch';
import { OverloadError } from '../src/db/work-queue';
import { matchesFilters } from '../src/search/filters';
import { UNKNOWN_ATTRIBUTES, type SearchRow } from '../src/search/rows';
import { rng } from './random';
import { ManualClock } from '../test/support/app';

const TTL = 60_000;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A page with no listings (these tests look at whether it is kept, not at its cards). */
const page = (text: string): CachedPage => ({ cards: [], seqs: [], count: 0, countEstimated: false, rest: restOf({ text }) });
const body = async (cached: Promise<CachedPage>) => (JSON.parse(pageBody(await cached)) as { text: string }).text;

/** Counts as plain numbers, for brevity. */
function counter(cache: ReturnType<typeof createSearchCache>) {
  return async (key: string, load: () => Promise<number>, filters: Filters = {}) =>
    (await cache.count(filters, key, async () => ({ count: await load(), estimated: false }))).count;
}

describe('search cache', () => {
  test('a count is loaded once while fresh, then refreshed in the background after half the TTL', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    let loads = 0;
    const load = async () => ++loads;
    expect(await count('k', load)).toBe(1);
    clock.advance(TTL / 2 - 1);
    expect(await count('k', load)).toBe(1);
    expect(loads).toBe(1);

    clock.advance(1);
    // Served at once from the cache while the refresh runs.
    expect(await count('k', load)).toBe(1);
    expect(loads).toBe(2);
    await new Promise((r) => setImmediate(r));
    expect(await count('k', load)).toBe(2);
    expect(loads).toBe(2);
  });

  test('past the TTL a request waits for a fresh value', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    let loads = 0;
    const load = async () => ++loads;
    await count('k', load);
    clock.advance(TTL);
    expect(await count('k', load)).toBe(2);
  });

  test('a write (invalidate) drops everything, and a load that straddles it is not kept', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    const slow = deferred<number>();
    const pending = count('k', () => slow.promise);
    cache.invalidate();
    slow.resolve(10);
    expect(await pending).toBe(10);
    expect(await count('k', async () => 11)).toBe(11);

    await body(cache.page({}, 'p', async () => page('old')));
    cache.invalidate();
    expect(await body(cache.page({}, 'p', async () => page('new')))).toBe('new');
  });

  test('a background refresh that straddles a write is not kept either', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    await body(cache.page({}, 'p', async () => page('v1')));
    clock.advance(TTL / 2);
    const refresh = deferred<CachedPage>();
    expect(await body(cache.page({}, 'p', () => refresh.promise))).toBe('v1');
    cache.invalidate();
    refresh.resolve(page('stale'));
    await refresh.promise;
    expect(await body(cache.page({}, 'p', async () => page('v2')))).toBe('v2');
  });

  test('bounded: the least recently used entry goes first', async () => {
    const cache = createSearchCache(new ManualClock(), TTL, 2, 2);
    const count = counter(cache);
    await count('a', async () => 1);
    await count('b', async () => 2);
    await count('a', async () => -1); // touch a
    await count('c', async () => 3); // evicts b
    expect(await count('a', async () => -1)).toBe(1);
    expect(await count('b', async () => 20)).toBe(20);
  });

  test('failed loads are not cached; a failed refresh keeps the previous value', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    await expect(cache.options(async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    const lists = { placeOptions: ['Baní'], regionOptions: [], localityOptions: [] };
    expect(await cache.options(async () => lists)).toBe(lists);

    clock.advance(TTL / 2);
    const failing = deferred<typeof lists>();
    expect(await cache.options(() => failing.promise)).toBe(lists);
    failing.reject(new Error('db down'));
    await failing.promise.catch(() => undefined);
    expect(await cache.options(async () => ({ ...lists, placeOptions: [] }))).toBe(lists);
  });
  test('a write drops only the counts and pages of the searches its listing matches', async () => {
    const cache = createSearchCache(new ManualClock(), TTL);
    const count = counter(cache);
    const santiago: Filters = { region: 'Santiago', precioMax: 5_000_000 };
    const bavaro: Filters = { locality: 'Bávaro' };
    await count('santiago', async () => 10, santiago);
    await count('bavaro', async () => 20, bavaro);
    await body(cache.page(santiago, 'santiago#0', async () => page('old santiago')));
    await body(cache.page({}, '#0', async () => page('old home')));
    const row = { ...UNKNOWN_ATTRIBUTES, seq: 1, place: 'Santiago', region: 'Santiago', locality: 'Los Jardines', proposito: 'venta', propiedad: 'Casa', habitaciones: 3, metros: 200, moneda: 'RD', price: 4_000_000, priceRd: 4_000_000 };
    cache.invalidate({ rows: [row] });
    expect(await count('santiago', async () => 11, santiago)).toBe(11);
    expect(await body(cache.page(santiago, 'santiago#0', async () => page('new santiago')))).toBe('new santiago');
    expect(await body(cache.page({}, '#0', async () => page('new home')))).toBe('new home');
    expect(await count('bavaro', async () => -1, bavaro)).toBe(20);
    // Above the search's price bound: not in it, so its entries stay.
    cache.invalidate({ rows: [{ ...row, price: 9_000_000, priceRd: 9_000_000 }] });
    expect(await count('santiago', async () => -1, santiago)).toBe(11);
  });

  test('a write that says what entered and left moves the counts it matches instead of dropping them', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    const santiago: Filters = { region: 'Santiago' };
    const casas: Filters = { region: 'Santiago', propiedad: 'Casa' };
    const bavaro: Filters = { locality: 'Bávaro' };
    await count('santiago', async () => 10, santiago);
    await count('casas', async () => 4, casas);
    await count('bavaro', async () => 20, bavaro);
    await body(cache.page(santiago, 'santiago#0', async () => page('old santiago')));
    clock.advance(MOVE_SETTLED_BEFORE_MS + 1);
    const casa = { ...UNKNOWN_ATTRIBUTES, seq: 1, place: 'Santiago', region: 'Santiago', locality: 'Los Jardines', proposito: 'venta', propiedad: 'Casa', habitaciones: 3, metros: 200, moneda: 'RD', price: 4_000_000, priceRd: 4_000_000 };
    const recount = async () => -1;
    // Published: +1 where it matches, nothing elsewhere; no count is read again, the page is.
    cache.invalidate({ rows: [casa], moved: { left: [], entered: [casa] } });
    expect([await count('santiago', recount, santiago), await count('casas', recount, casas), await count('bavaro', recount, bavaro)]).toEqual([11, 5, 20]);
    expect(await body(cache.page(santiago, 'santiago#0', async () => page('new santiago')))).toBe('new santiago');
    // Edited from a house into an apartment: still in Santiago, no longer a house.
    const apartamento = { ...casa, propiedad: 'Apartamento' };
    cache.invalidate({ rows: [casa, apartamento], moved: { left: [casa], entered: [apartamento] } });
    expect([await count('santiago', recount, santiago), await count('casas', recount, casas)]).toEqual([11, 4]);
    // Deleted.
    cache.invalidate({ rows: [apartamento], moved: { left: [apartamento], entered: [] } });
    expect(await count('santiago', recount, santiago)).toBe(10);
    // Without `moved` (a moderator's change, another instance's older message): dropped and read again.
    cache.invalidate({ rows: [casa] });
    expect(await count('santiago', async () => 13, santiago)).toBe(13);
  });

  test('a publish patches the cached pages it enters, and every page is read again when it brings a new place', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const lists = { placeOptions: ['Santiago'], regionOptions: ['Santiago'], localityOptions: ['Los Jardines'] };
    await cache.options(async () => lists);
    const cardOf = (seq: number) => ({ _id: `a${seq}` }) as unknown as Anuncio;
    const answer = (seqs: number[]): CachedPage => ({ cards: seqs.map((seq) => JSON.stringify(cardOf(seq))), seqs, count: seqs.length, countEstimated: false, rest: restOf(lists) });
    const santiago: Filters = { region: 'Santiago' };
    const bavaro: Filters = { locality: 'Bávaro' };
    const readAgain = async (): Promise<CachedPage> => answer([-1]);
    await cache.page(santiago, 'santiago#0', async () => answer([5, 4]));
    await cache.page(bavaro, 'bavaro#0', async () => answer([3]));
    clock.advance(1);
    const casa = { ...UNKNOWN_ATTRIBUTES, seq: 9, place: 'Santiago', region: 'Santiago', locality: 'Los Jardines', proposito: 'venta', propiedad: 'Casa', habitaciones: 3, metros: 200, moneda: 'RD', price: 4_000_000, priceRd: 4_000_000 };
    cache.invalidate({ rows: [casa], moved: { left: [], entered: [{ ...casa, card: cardOf(9) }] } }, clock.now());
    const patched = await cache.page(santiago, 'santiago#0', readAgain);
    expect(patched.seqs).toEqual([9, 5, 4]);
    expect(JSON.parse(pageBody(patched))).toMatchObject({ anuncios: [{ _id: 'a9' }, { _id: 'a5' }, { _id: 'a4' }], count: 3 });
    expect((await cache.page(bavaro, 'bavaro#0', readAgain)).seqs).toEqual([3]);
    // The option lists were kept (nothing new in them): not read again either.
    expect(await cache.options(async () => ({ ...lists, placeOptions: [] }))).toBe(lists);

    // In a place the lists do not have: the lists and every page (each shows them) are read again.
    clock.advance(1);
    const moca = { ...casa, seq: 10, place: 'Moca' };
    cache.invalidate({ rows: [moca], moved: { left: [], entered: [{ ...moca, card: cardOf(10) }] } }, clock.now());
    expect((await cache.page(bavaro, 'bavaro#0', readAgain)).seqs).toEqual([-1]);
    expect((await cache.page(santiago, 'santiago#0', readAgain)).seqs).toEqual([-1]);
    expect((await cache.options(async () => ({ ...lists, placeOptions: ['Moca', 'Santiago'] }))).placeOptions).toEqual(['Moca', 'Santiago']);
  });

  test('a write moves the counts of its province and of searches that name none, and no other', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    const searches: [string, Filters][] = [
      ['all', {}],
      ['santiago', { place: 'Santiago' }],
      ['santiago-casa', { place: 'Santiago', propiedad: 'Casa' }],
      ['santiago-solar', { place: 'Santiago', propiedad: 'Solar' }],
      ['jardines', { locality: 'Los Jardines' }],
      ['la-vega', { place: 'La Vega' }],
      ['la-vega-jardines', { place: 'La Vega', locality: 'Los Jardines' }],
    ];
    for (const [key, filters] of searches) await count(key, async () => 10, filters);
    clock.advance(1);
    const casa = { ...UNKNOWN_ATTRIBUTES, seq: 1, place: 'Santiago', region: 'Santiago', locality: 'Los Jardines', proposito: 'venta', propiedad: 'Casa', habitaciones: 3, metros: 200, moneda: 'RD', price: 4_000_000, priceRd: 4_000_000 };
    cache.invalidate({ rows: [casa], moved: { left: [], entered: [casa] } }, clock.now());
    const after = Object.fromEntries(await Promise.all(searches.map(async ([key, filters]) => [key, await count(key, async () => -1, filters)] as const)));
    expect(after).toEqual({ all: 11, santiago: 11, 'santiago-casa': 11, 'santiago-solar': 10, jardines: 11, 'la-vega': 10, 'la-vega-jardines': 10 });
  });

  test('random writes move exactly the counts whose searches list the listing, whichever filters they name', async () => {
    // The cache asks a write only about the entries of the buckets its listing falls in (place,
    // purpose, type): any bucket left out would leave a count wrong, which this catches.
    const random = rng(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const maybe = <T>(value: () => T) => (random() < 0.5 ? value() : undefined);
    const places = [
      { place: 'Santiago', region: 'Santiago', locality: 'Los Jardines' },
      { place: 'Santiago', region: 'Tamboril', locality: '' },
      { place: 'La Vega', region: 'Jarabacoa', locality: 'Los Jardines' },
      { place: 'Distrito Nacional', region: 'Santo Domingo de Guzmán', locality: 'Piantini' },
    ];
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    const searches: [string, Filters][] = Array.from({ length: 300 }, (_, i) => {
      const at = pick(places);
      const filters: Filters = JSON.parse(JSON.stringify({
        place: maybe(() => at.place),
        region: maybe(() => at.region),
        locality: maybe(() => at.locality || undefined),
        proposito: maybe(() => pick(['venta', 'alquiler'] as const)),
        propiedad: maybe(() => pick(['Casa', 'Apartamento', 'Solar'] as const)),
        habitaciones: maybe(() => 1 + Math.floor(random() * 4)),
        moneda: maybe(() => pick(['RD', 'US'] as const)),
        precioMin: maybe(() => Math.floor(random() * 3_000_000)),
      }));
      return [`s${i}`, filters];
    });
    const expected = new Map(searches.map(([key]) => [key, 1000]));
    for (const [key, filters] of searches) await count(key, async () => 1000, filters);
    const listed: SearchRow[] = [];
    for (let seq = 1; seq <= 60; seq++) {
      clock.advance(1);
      const gone = listed.length && random() < 0.4 ? listed.splice(Math.floor(random() * listed.length), 1) : [];
      const entered = gone.length ? [] : [{
        ...UNKNOWN_ATTRIBUTES, seq, ...pick(places), proposito: pick(['venta', 'alquiler']), propiedad: pick(['Casa', 'Apartamento', 'Solar']),
        habitaciones: pick([null, 1, 2, 3, 5]), metros: 120, moneda: pick(['RD', 'US']), price: Math.floor(random() * 3_000_000), priceRd: Math.floor(random() * 3_000_000),
      }];
      listed.push(...entered);
      cache.invalidate({ rows: [...gone, ...entered], moved: { left: gone, entered } }, clock.now());
      for (const [key, filters] of searches) {
        const moved = entered.filter((row) => matchesFilters(filters, row)).length - gone.filter((row) => matchesFilters(filters, row)).length;
        expected.set(key, expected.get(key)! + moved);
      }
    }
    const after = await Promise.all(searches.map(async ([key, filters]) => [key, await count(key, async () => -1, filters)] as const));
    expect(new Map(after)).toEqual(expected);
    // The writes did move many counts, and left many alone.
    expect([...expected.values()].filter((n) => n !== 1000).length).toBeGreaterThan(30);
    expect([...expected.values()].filter((n) => n === 1000).length).toBeGreaterThan(30);
  });

  test('a count read just before a write, or still being read, is read again instead of moved', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const count = counter(cache);
    const santiago: Filters = { region: 'Santiago' };
    const casa = { ...UNKNOWN_ATTRIBUTES, seq: 1, place: 'Santiago', region: 'Santiago', locality: 'Los Jardines', proposito: 'venta', propiedad: 'Casa', habitaciones: 3, metros: 200, moneda: 'RD', price: 4_000_000, priceRd: 4_000_000 };
    const published = { rows: [casa], moved: { left: [], entered: [casa] } };
    // Settled less than MOVE_SETTLED_BEFORE_MS ago: it may already include the write (another instance's NOTIFY arrives late).
    await count('santiago', async () => 11, santiago);
    clock.advance(MOVE_SETTLED_BEFORE_MS - 1);
    cache.invalidate(published);
    expect(await count('santiago', async () => 11, santiago)).toBe(11);
    // The writing instance says when its write started: counts settled before it are moved, at once.
    clock.advance(1);
    const writeStarted = clock.now();
    cache.invalidate(published, writeStarted);
    expect(await count('santiago', async () => -1, santiago)).toBe(12);
    // One settled at or after that moment may include the write: read again.
    await count('other', async () => 3, { region: 'Santiago', propiedad: 'Casa' });
    cache.invalidate(published, writeStarted);
    expect(await count('other', async () => 4, { region: 'Santiago', propiedad: 'Casa' })).toBe(4);
    // In flight when the write lands: its value is not kept, and nothing is moved.
    clock.advance(TTL);
    const loading = deferred<number>();
    const first = count('santiago', () => loading.promise, santiago);
    cache.invalidate(published);
    loading.resolve(11);
    expect(await first).toBe(11);
    expect(await count('santiago', async () => 13, santiago)).toBe(13);
  });

  test('while the database is saturated, an expired or invalidated key answers its last value', async () => {
    const clock = new ManualClock();
    const cache = createSearchCache(clock, TTL);
    const busy = async (): Promise<CachedPage> => Promise.reject(new OverloadError());
    await body(cache.page({}, 'home', async () => page('home v1')));
    clock.advance(TTL);
    expect(await body(cache.page({}, 'home', busy))).toBe('home v1');
    cache.invalidate();
    expect(await body(cache.page({}, 'home', busy))).toBe('home v1');
    // Other failures are not hidden, and a key never loaded has nothing to fall back on.
    await expect(cache.page({}, 'home', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await expect(cache.page({}, 'never', busy)).rejects.toBeInstanceOf(OverloadError);
  });
});
