/**
 * Cached search pages patched by writes (page-patch.ts): after any sequence of publishes, edits
 * (a new price moves a listing in a price order) and deletes, in every order, every page the cache
 * kept is exactly the page a fresh read would give, and the pages a real portal asks most (page 0
 * after a publish, any page whose neighbours are cached) are kept.
 */
import fc from 'fast-check';
import { ORDEN_DEFAULT, ORDENES, PAGE_SIZE, type Anuncio, type Orden } from 'shared-contracts';
import { comesBefore, ORDERS, type Placed } from '../src/search/orders';
import { pageBody, patchPage, restOf, type CachedPage, type ResultEdit } from '../src/search/page-patch';

/** A card that says which listing and which version of it it shows, as the route serializes it. */
const card = (seq: number, version = 0) => JSON.stringify({ _id: `anuncio-${seq}`, title: `v${version}` });

/** A listing of the result: its seq, its version, and its sort key in the order under test (null: none). */
interface Listing {
  seq: number;
  version: number;
  sort: number | null;
}

const newest = (seq: number): Placed => ({ seq, sort: null });
const entered = (seq: number, version = 0, sort: number | null = null) => ({ seq, sort, card: card(seq, version) });

/** Page `page` of a result in `orden` as the engine caches it (engine.ts partsOf). */
function pageOf(result: Listing[], page: number, orden: Orden = ORDEN_DEFAULT): CachedPage {
  const order = ORDERS[orden];
  const sorted = [...result].sort((a, b) => (comesBefore(order, a, b) ? -1 : 1));
  const items = sorted.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const rest = restOf({ placeOptions: ['Santiago'], regionOptions: [], localityOptions: [] });
  const parts: CachedPage = { cards: items.map((l) => card(l.seq, l.version)), seqs: items.map((l) => l.seq), count: result.length, countEstimated: false, rest };
  if (orden !== ORDEN_DEFAULT) Object.assign(parts, { orden, sorts: items.map((l) => l.sort) });
  return parts;
}

const lastPage = (result: Listing[]) => Math.max(0, Math.ceil(result.length / PAGE_SIZE) - 1);

/**
 * One write to the result: a listing published (newest), entering anywhere (an edit into the
 * filters), edited in place (in a keyed order, maybe to another key: a new price), or leaving.
 * `sort`: the key it has after the write, in an order with keys (few values, so ties are common).
 */
type Write =
  | { kind: 'publish'; sort: number | null }
  | { kind: 'enter'; at: number; sort: number | null }
  | { kind: 'edit'; index: number; sort: number | null }
  | { kind: 'leave'; index: number };

const sortArb = fc.option(fc.integer({ min: 0, max: 8 }), { freq: 4 });
const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('publish' as const), sort: sortArb }),
  fc.record({ kind: fc.constant('enter' as const), at: fc.nat(), sort: sortArb }),
  fc.record({ kind: fc.constant('edit' as const), index: fc.nat(), sort: sortArb }),
  fc.record({ kind: fc.constant('leave' as const), index: fc.nat() }),
);

/** Applies a write to the result; the edit the cache is told of. `keyOf` maps a drawn key to the order's (none for newest). */
function apply(result: Listing[], write: Write, next: { seq: number }, keyOf: (sort: number | null) => number | null): ResultEdit {
  const pick = (index: number) => result[index % result.length]!;
  if (write.kind === 'publish' || (write.kind === 'enter' && result.length === 0)) {
    const listing = { seq: (next.seq += 10), version: 0, sort: keyOf(write.sort) };
    result.push(listing);
    return { left: [], entered: [entered(listing.seq, 0, listing.sort)] };
  }
  if (write.kind === 'enter') {
    // Seqs are spaced by 10: a free one between two listings (an older listing edited into the filters).
    const taken = new Set(result.map((l) => l.seq));
    let seq = (write.at % (next.seq / 10)) * 10 + 5;
    while (taken.has(seq)) seq += 1;
    result.push({ seq, version: 0, sort: keyOf(write.sort) });
    return { left: [], entered: [entered(seq, 0, keyOf(write.sort))] };
  }
  if (result.length === 0) return { left: [], entered: [] };
  const listing = pick(write.index);
  const before: Placed = { seq: listing.seq, sort: listing.sort };
  if (write.kind === 'leave') {
    result.splice(result.indexOf(listing), 1);
    return { left: [before], entered: [] };
  }
  listing.version += 1;
  listing.sort = keyOf(write.sort);
  return { left: [before], entered: [entered(listing.seq, listing.version, listing.sort)] };
}

describe.each(ORDENES)('a cached page of the order %s patched by a write', (orden) => {
  const order = ORDERS[orden];
  // Newest: no key. A key that cannot be NULL (the price) takes 0 for a drawn NULL.
  const keyOf = (sort: number | null) => (orden === ORDEN_DEFAULT ? null : sort === null && !order.nullable ? 0 : sort);

  const sortedSeqs = (result: Listing[]) => [...result].sort((x, y) => (comesBefore(order, x, y) ? -1 : 1)).map((l) => l.seq);

  test('is exactly the page a fresh read gives, after any sequence of writes', () => {
    fc.assert(
      fc.property(
        fc.array(sortArb, { maxLength: 60 }),
        fc.array(fc.nat({ max: 6 }), { maxLength: 6 }),
        fc.array(writeArb, { minLength: 1, maxLength: 25 }),
        (sorts, cachedPages, writes) => {
          const next = { seq: 0 };
          const result: Listing[] = sorts.map((sort) => ({ seq: (next.seq += 10), version: 0, sort: keyOf(sort) }));
          let cache = new Map<number, CachedPage>();
          for (const page of [0, ...cachedPages]) if (page <= lastPage(result)) cache.set(page, pageOf(result, page, orden));
          for (const write of writes) {
            const edit = apply(result, write, next, keyOf);
            const patched = new Map<number, CachedPage>();
            for (const [page, cached] of cache) {
              const value = patchPage(page, cached, edit, cache.get(page - 1), cache.get(page + 1));
              if (value) patched.set(page, value);
            }
            for (const [page, value] of patched) expect(value).toEqual(pageOf(result, page, orden));
            // A listing that entered after the first place of a cached page: that page is kept
            // (in the newest order a publish goes first, so page 0 is always kept).
            const landed = edit.left.length ? -1 : sortedSeqs(result).indexOf(edit.entered[0]?.seq ?? -1);
            const page = Math.floor(landed / PAGE_SIZE);
            if (landed >= 0 && cache.has(page) && (landed % PAGE_SIZE > 0 || landed === 0)) expect(patched.has(page)).toBe(true);
            cache = patched;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a cached page patched by a write', () => {
  test('cheapest first: a new listing lands at its price, a repriced one moves, one that left is taken out', () => {
    const result: Listing[] = Array.from({ length: 30 }, (_, i) => ({ seq: (i + 1) * 10, version: 0, sort: 1000 + i * 100 }));
    const [page0, page1] = [pageOf(result, 0, 'precio_asc'), pageOf(result, 1, 'precio_asc')];
    // Published at 1,050: second on page 0, page 0's last pushed to page 1.
    const published = patchPage(0, page0, { left: [], entered: [entered(999, 0, 1050)] })!;
    expect(published.seqs).toEqual([10, 999, ...page0.seqs.slice(1, PAGE_SIZE - 1)]);
    expect(published.sorts?.slice(0, 3)).toEqual([1000, 1050, 1100]);
    expect(patchPage(1, page1, { left: [], entered: [entered(999, 0, 1050)] }, page0)?.seqs[0]).toBe(page0.seqs[PAGE_SIZE - 1]);
    // The cheapest repriced above page 0: page 0 takes page 1's first.
    const repriced: ResultEdit = { left: [{ seq: 10, sort: 1000 }], entered: [entered(10, 1, 50_000)] };
    expect(patchPage(0, page0, repriced)).toBeUndefined();
    expect(patchPage(0, page0, repriced, undefined, page1)?.seqs).toEqual([...page0.seqs.slice(1), page1.seqs[0]]);
    // A listing of page 1 gone: page 0 does not change; page 1 needs page 2.
    const gone: ResultEdit = { left: [{ seq: 150, sort: 2400 }], entered: [] };
    expect(patchPage(0, page0, gone)?.seqs).toEqual(page0.seqs);
    expect(patchPage(1, page1, gone)).toBeUndefined();
  });

  test('page 0 after a publish: the new listing first, the last one pushed to page 1, the count one more', () => {
    const result = Array.from({ length: 30 }, (_, i) => ({ seq: (i + 1) * 10, version: 0, sort: null }));
    const first = pageOf(result, 0);
    const patched = patchPage(0, first, { left: [], entered: [entered(999)] })!;
    const answer = JSON.parse(pageBody(patched)) as { anuncios: Anuncio[]; count: number; countEstimated: boolean; placeOptions: string[] };
    expect(patched.seqs).toEqual([999, ...first.seqs.slice(0, PAGE_SIZE - 1)]);
    expect(answer.anuncios[0]?._id).toBe('anuncio-999');
    expect(answer.count).toBe(31);
    expect(answer.countEstimated).toBe(false);
    expect(answer.placeOptions).toEqual(['Santiago']);
    // The body is the answer as a fresh read sends it, member for member.
    expect(answer).toEqual({ ...JSON.parse(pageBody(first)), anuncios: [JSON.parse(card(999)), ...JSON.parse(pageBody(first)).anuncios.slice(0, PAGE_SIZE - 1)], count: 31 });
  });

  test('a page whose neighbour is not cached is read again when the listing that shifts in is unknown', () => {
    const result = Array.from({ length: 40 }, (_, i) => ({ seq: (i + 1) * 10, version: 0, sort: null }));
    // Published: page 1 starts with page 0's last listing, which only page 0 knows.
    const publish: ResultEdit = { left: [], entered: [entered(999)] };
    expect(patchPage(1, pageOf(result, 1), publish)).toBeUndefined();
    expect(patchPage(1, pageOf(result, 1), publish, pageOf(result, 0))?.seqs[0]).toBe(pageOf(result, 0).seqs[PAGE_SIZE - 1]);
    // Deleted from page 0: page 0 ends with page 1's first listing.
    const gone: ResultEdit = { left: [newest(result[39]!.seq)], entered: [] };
    expect(patchPage(0, pageOf(result, 0), gone)).toBeUndefined();
    expect(patchPage(0, pageOf(result, 0), gone, undefined, pageOf(result, 1))?.seqs[PAGE_SIZE - 1]).toBe(pageOf(result, 1).seqs[0]);
    // Older than everything on a full page: that page does not change.
    expect(patchPage(0, pageOf(result, 0), { left: [newest(10)], entered: [] })?.seqs).toEqual(pageOf(result, 0).seqs);
  });

  test('a page that already shows the listing (read after the write) is read again, not patched twice', () => {
    const result = Array.from({ length: 5 }, (_, i) => ({ seq: (i + 1) * 10, version: 0, sort: null }));
    const page = pageOf(result, 0);
    expect(patchPage(0, page, { left: [], entered: [entered(50)] })).toBeUndefined();
    // Or no longer shows one that left: the page ends the result, so it should have been there.
    expect(patchPage(0, page, { left: [newest(25)], entered: [] })).toBeUndefined();
  });
});
