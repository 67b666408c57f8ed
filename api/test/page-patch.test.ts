/**
 * Cached search pages patched by writes (page-patch.ts): after any sequence of publishes, edits and
 * deletes, every page the cache kept is exactly the page a fresh read would give, and the pages a
 * real portal asks most (page 0 after a publish, any page whose neighbours are cached) are kept.
 */
import fc from 'fast-check';
import { PAGE_SIZE, type Anuncio } from 'shared-contracts';
import { pageBody, patchPage, restOf, type CachedPage, type ResultEdit } from '../src/anuncios/page-patch';

/** A card that says which listing and which version of it it shows, as the route serializes it. */
const card = (seq: number, version = 0) => JSON.stringify({ _id: `anuncio-${seq}`, title: `v${version}` });

interface Listing {
  seq: number;
  version: number;
}

/** Page `page` of a result (newest first) as the route caches it. */
function pageOf(result: Listing[], page: number): CachedPage {
  const sorted = [...result].sort((a, b) => b.seq - a.seq);
  const items = sorted.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const rest = restOf({ placeOptions: ['Santiago'], regionOptions: [], localityOptions: [] });
  return { cards: items.map((l) => card(l.seq, l.version)), seqs: items.map((l) => l.seq), count: result.length, countEstimated: false, rest };
}

const lastPage = (result: Listing[]) => Math.max(0, Math.ceil(result.length / PAGE_SIZE) - 1);

/** One write to the result: a listing published (newest), entering anywhere (an edit into the filters), edited in place, or leaving. */
type Write = { kind: 'publish' } | { kind: 'enter'; at: number } | { kind: 'edit'; index: number } | { kind: 'leave'; index: number };

const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.constant<Write>({ kind: 'publish' }),
  fc.record({ kind: fc.constant('enter' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('edit' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('leave' as const), index: fc.nat() }),
);

/** Applies a write to the result; the edit the cache is told of. */
function apply(result: Listing[], write: Write, next: { seq: number }): ResultEdit {
  const pick = (index: number) => result[index % result.length]!;
  if (write.kind === 'publish' || (write.kind === 'enter' && result.length === 0)) {
    const listing = { seq: (next.seq += 10), version: 0 };
    result.push(listing);
    return { left: [], entered: [{ seq: listing.seq, card: card(listing.seq) }] };
  }
  if (write.kind === 'enter') {
    // Seqs are spaced by 10: a free one between two listings (an older listing edited into the filters).
    const taken = new Set(result.map((l) => l.seq));
    let seq = (write.at % (next.seq / 10)) * 10 + 5;
    while (taken.has(seq)) seq += 1;
    result.push({ seq, version: 0 });
    return { left: [], entered: [{ seq, card: card(seq) }] };
  }
  if (result.length === 0) return { left: [], entered: [] };
  const listing = pick(write.index);
  if (write.kind === 'leave') {
    result.splice(result.indexOf(listing), 1);
    return { left: [listing.seq], entered: [] };
  }
  listing.version += 1;
  return { left: [listing.seq], entered: [{ seq: listing.seq, card: card(listing.seq, listing.version) }] };
}

describe('a cached page patched by a write', () => {
  test('is exactly the page a fresh read gives, after any sequence of writes', () => {
    fc.assert(
      fc.property(fc.nat({ max: 60 }), fc.array(fc.nat({ max: 6 }), { maxLength: 6 }), fc.array(writeArb, { minLength: 1, maxLength: 25 }), (size, cachedPages, writes) => {
        const next = { seq: 0 };
        const result: Listing[] = [];
        for (let i = 0; i < size; i++) result.push({ seq: (next.seq += 10), version: 0 });
        let cache = new Map<number, CachedPage>();
        for (const page of [0, ...cachedPages]) if (page <= lastPage(result)) cache.set(page, pageOf(result, page));
        for (const write of writes) {
          const edit = apply(result, write, next);
          const patched = new Map<number, CachedPage>();
          for (const [page, cached] of cache) {
            const value = patchPage(page, cached, edit, cache.get(page - 1), cache.get(page + 1));
            if (value) patched.set(page, value);
          }
          for (const [page, value] of patched) expect(value).toEqual(pageOf(result, page));
          // Page 0 of a published listing is always kept (the listing goes first).
          if (write.kind === 'publish' && cache.has(0)) expect(patched.has(0)).toBe(true);
          cache = patched;
        }
      }),
      { numRuns: 400 },
    );
  });

  test('page 0 after a publish: the new listing first, the last one pushed to page 1, the count one more', () => {
    const result = Array.from({ length: 30 }, (_, i) => ({ seq: (i + 1) * 10, version: 0 }));
    const first = pageOf(result, 0);
    const patched = patchPage(0, first, { left: [], entered: [{ seq: 999, card: card(999) }] })!;
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
    const result = Array.from({ length: 40 }, (_, i) => ({ seq: (i + 1) * 10, version: 0 }));
    // Published: page 1 starts with page 0's last listing, which only page 0 knows.
    const publish: ResultEdit = { left: [], entered: [{ seq: 999, card: card(999) }] };
    expect(patchPage(1, pageOf(result, 1), publish)).toBeUndefined();
    expect(patchPage(1, pageOf(result, 1), publish, pageOf(result, 0))?.seqs[0]).toBe(pageOf(result, 0).seqs[PAGE_SIZE - 1]);
    // Deleted from page 0: page 0 ends with page 1's first listing.
    const gone: ResultEdit = { left: [result[39]!.seq], entered: [] };
    expect(patchPage(0, pageOf(result, 0), gone)).toBeUndefined();
    expect(patchPage(0, pageOf(result, 0), gone, undefined, pageOf(result, 1))?.seqs[PAGE_SIZE - 1]).toBe(pageOf(result, 1).seqs[0]);
    // Older than everything on a full page: that page does not change.
    expect(patchPage(0, pageOf(result, 0), { left: [10], entered: [] })?.seqs).toEqual(pageOf(result, 0).seqs);
  });

  test('a page that already shows the listing (read after the write) is read again, not patched twice', () => {
    const result = Array.from({ length: 5 }, (_, i) => ({ seq: (i + 1) * 10, version: 0 }));
    const page = pageOf(result, 0);
    expect(patchPage(0, page, { left: [], entered: [{ seq: 50, card: card(50) }] })).toBeUndefined();
    // Or no longer shows one that left: the page ends the result, so it should have been there.
    expect(patchPage(0, page, { left: [25], entered: [] })).toBeUndefined();
  });
});
