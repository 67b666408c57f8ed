/**
 * A cached search page brought up to date by a write instead of read again (search-cache.ts).
 *
 * Results are ordered by `seq`, newest first, and a listing's seq never changes, so a write moves
 * a cached page in one of few ways: a listing that entered the result lands at its place (a
 * publish: first on page 0), and every page from there on shifts by one; one that left is taken
 * out, and the pages after it shift back. A page can be rebuilt from what is known around it: its
 * own listings and those of the pages before and after it that are cached too. When the page's
 * new content is not all known (the listing that shifts in comes from a page that is not cached),
 * the page is dropped and read again, as every page was before.
 *
 * A page is kept in parts (each card already serialized, the option lists serialized once for all
 * the pages read with them) so that a patch moves strings in an array. Parsing and serializing
 * whole answers, option lists included, for every cached page a write entered took ≈ 0.8 ms of
 * the API's thread per write in the benchmark's mixed case, ≈ 0.06 ms in parts (CPU profiles,
 * session 15, docs/performance-history.md); each page also held its own copy of the option lists. The
 * body is joined when the page is first sent, and kept.
 */
import { ORDEN_DEFAULT, PAGE_SIZE, type Orden } from 'shared-contracts';
import { comesBefore, ORDERS, type Placed } from './orders';

/** A cached answer of /allAnuncios, in the parts a patch needs to rebuild it. */
export interface CachedPage {
  /** Each listing's card as sent (JSON), in order (newest first). */
  cards: string[];
  /** The seq of each listing, in the same order. */
  seqs: number[];
  /** The order of the result (absent: newest first) and each listing's sort key in it (orders.ts; none for newest). */
  orden?: Orden;
  sorts?: (number | null)[];
  count: number;
  countEstimated: boolean;
  /**
   * The rest of the answer (the option lists) as JSON members without the braces, '' for none:
   * one string shared by every page read with the same lists.
   */
  rest: string;
}

/** The rest of an answer (`rest` above) from its fields. */
export function restOf(fields: object): string {
  return JSON.stringify(fields).slice(1, -1);
}

const bodies = new WeakMap<CachedPage, string>();

/** The page as /allAnuncios sends it: { anuncios, count, countEstimated, ...the rest }. */
export function pageBody(page: CachedPage): string {
  let body = bodies.get(page);
  if (body === undefined) {
    body = `{"anuncios":[${page.cards.join(',')}],"count":${page.count},"countEstimated":${page.countEstimated}${page.rest ? `,${page.rest}` : ''}}`;
    bodies.set(page, body);
  }
  return body;
}

/** A listing that entered a result: its place in the result's order and its card as the search sends it (JSON). */
export interface EnteredListing extends Placed {
  card: string;
}

/**
 * What a write did to one result (a listing edited in place has both, with one seq): the places
 * in the result's order of the listings that left (as they were) and entered (as they are).
 */
export interface ResultEdit {
  left: Placed[];
  entered: EnteredListing[];
}

/**
 * Consecutive listings of a result whose positions are known: `items[0]` is at position `start`;
 * `complete` when the last of them is the last of the result.
 */
interface Window {
  start: number;
  items: EnteredListing[];
  complete: boolean;
}

type Before = (a: Placed, b: Placed) => boolean;

/** Applies the edit to the window; null when the window contradicts it (a page read after the write). */
function applyEdit(window: Window, edit: ResultEdit, before: Before): Window | null {
  let { start, complete } = window;
  const items = [...window.items];
  for (const left of edit.left) {
    const at = items.findIndex((i) => i.seq === left.seq);
    if (at >= 0) items.splice(at, 1);
    else if (items.length && before(left, items[0]!) && start > 0) start -= 1;
    else if (items.length && before(items[items.length - 1]!, left) && !complete) continue;
    else return null;
  }
  for (const listing of edit.entered) {
    if (items.some((i) => i.seq === listing.seq)) return null;
    const at = items.findIndex((i) => before(listing, i));
    if (at === 0 && start > 0) start += 1;
    else if (at >= 0) items.splice(at, 0, listing);
    else if (complete) items.push(listing);
    // After everything known and the result goes on: it lands beyond the window.
  }
  return { start, items, complete };
}

interface Known {
  page: number;
  cached: CachedPage;
}

/**
 * Page `page` after `edit`, from its cached value and those of the pages just before and after it
 * (undefined when not cached); undefined when it cannot be known without reading it again. The
 * neighbours are only read when the page alone does not tell (most often it does: a publish lands
 * on page 0, a listing that leaves is on a later page).
 */
export function patchPage(page: number, cached: CachedPage, edit: ResultEdit, before?: CachedPage, after?: CachedPage): CachedPage | undefined {
  const own: Known = { page, cached };
  const alone = rebuild(page, [own], edit);
  if (alone !== undefined || (!before && !after)) return alone && patched(cached, alone, edit);
  const pages = [before && page > 0 ? { page: page - 1, cached: before } : undefined, own, after ? { page: page + 1, cached: after } : undefined];
  const joined = rebuild(
    page,
    pages.filter((p): p is Known => p !== undefined),
    edit,
  );
  return joined && patched(cached, joined, edit);
}

/** The listings of page `page` after the edit, from consecutive known pages; undefined when not all known. */
function rebuild(page: number, known: Known[], edit: ResultEdit): Window['items'] | undefined {
  // The pages joined, from the first of them, as far as they run on without a gap.
  const window: Window = { start: known[0]!.page * PAGE_SIZE, items: [], complete: false };
  for (const p of known) {
    if (window.start + window.items.length !== p.page * PAGE_SIZE) break;
    const sorts = p.cached.sorts;
    p.cached.cards.forEach((card, i) => window.items.push({ seq: p.cached.seqs[i]!, sort: sorts?.[i] ?? null, card }));
    if (p.cached.seqs.length < PAGE_SIZE) {
      window.complete = true;
      break;
    }
  }
  const order = ORDERS[known[0]!.cached.orden ?? ORDEN_DEFAULT];
  const edited = applyEdit(window, edit, (a, b) => comesBefore(order, a, b));
  if (!edited) return undefined;
  const from = page * PAGE_SIZE - edited.start;
  const end = edited.start + edited.items.length;
  // Every position of the new page must be known: from its first to its last (or the result's end).
  if (from < 0 || (end < (page + 1) * PAGE_SIZE && !edited.complete)) return undefined;
  const items = edited.items.slice(from, from + PAGE_SIZE);
  // A page past the end is never asked for (the route asks for the last page instead).
  if (page > 0 && items.length === 0) return undefined;
  return items;
}

function patched(own: CachedPage, items: Window['items'], edit: ResultEdit): CachedPage {
  return {
    cards: items.map((i) => i.card),
    seqs: items.map((i) => i.seq),
    ...(own.orden && { orden: own.orden }),
    ...(own.sorts && { sorts: items.map((i) => i.sort) }),
    count: Math.max(0, own.count + edit.entered.length - edit.left.length),
    countEstimated: own.countEstimated,
    rest: own.rest,
  };
}
