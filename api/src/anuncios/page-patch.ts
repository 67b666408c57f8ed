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
 */
import type { Anuncio } from 'shared-contracts';
import { PAGE_SIZE } from 'shared-contracts';

/** A cached answer of /allAnuncios: the body as sent, and what a patch needs to rebuild it. */
export interface CachedPage {
  body: string;
  /** The seq of each listing in the body, in order (newest first). */
  seqs: number[];
}

/** A listing that entered a result: its seq and its card as the search shows it. */
export interface EnteredListing {
  seq: number;
  card: Anuncio;
}

/** What a write did to one filter key's result (a listing edited in place has both, with one seq). */
export interface ResultEdit {
  left: number[];
  entered: EnteredListing[];
}

/**
 * Consecutive listings of a result whose positions are known: `items[0]` is at position `start`;
 * `complete` when the last of them is the last of the result.
 */
interface Window {
  start: number;
  items: { seq: number; card: Anuncio }[];
  complete: boolean;
}

/** Applies the edit to the window; null when the window contradicts it (a page read after the write). */
function applyEdit(window: Window, edit: ResultEdit): Window | null {
  let { start, complete } = window;
  const items = [...window.items];
  for (const seq of edit.left) {
    const at = items.findIndex((i) => i.seq === seq);
    if (at >= 0) items.splice(at, 1);
    else if (items.length && seq > items[0]!.seq && start > 0) start -= 1;
    else if (items.length && seq < items[items.length - 1]!.seq && !complete) continue;
    else return null;
  }
  for (const listing of edit.entered) {
    if (items.some((i) => i.seq === listing.seq)) return null;
    const at = items.findIndex((i) => i.seq < listing.seq);
    if (at === 0 && start > 0) start += 1;
    else if (at >= 0) items.splice(at, 0, listing);
    else if (complete) items.push(listing);
    // Older than everything known and the result goes on: it lands beyond the window.
  }
  return { start, items, complete };
}

interface Parsed {
  page: number;
  answer: { anuncios: Anuncio[]; count: number } & Record<string, unknown>;
  seqs: number[];
}

function parse(page: number, cached: CachedPage): Parsed {
  return { page, answer: JSON.parse(cached.body) as Parsed['answer'], seqs: cached.seqs };
}

/**
 * Page `page` after `edit`, from its cached value and those of the pages just before and after it
 * (undefined when not cached); undefined when it cannot be known without reading it again. The
 * neighbours are only read when the page alone does not tell (most often it does: a publish lands
 * on page 0, a listing that leaves is on a later page).
 */
export function patchPage(page: number, cached: CachedPage, edit: ResultEdit, before?: CachedPage, after?: CachedPage): CachedPage | undefined {
  const own = parse(page, cached);
  const alone = rebuild(page, [own], edit);
  if (alone !== undefined || (!before && !after)) return alone && serialize(own, alone, edit);
  const pages = [before && page > 0 ? parse(page - 1, before) : undefined, own, after ? parse(page + 1, after) : undefined];
  const joined = rebuild(
    page,
    pages.filter((p): p is Parsed => p !== undefined),
    edit,
  );
  return joined && serialize(own, joined, edit);
}

/** The listings of page `page` after the edit, from consecutive known pages; undefined when not all known. */
function rebuild(page: number, known: Parsed[], edit: ResultEdit): Window['items'] | undefined {
  // The pages joined, from the first of them, as far as they run on without a gap.
  const window: Window = { start: known[0]!.page * PAGE_SIZE, items: [], complete: false };
  for (const p of known) {
    if (window.start + window.items.length !== p.page * PAGE_SIZE) break;
    p.answer.anuncios.forEach((card, i) => window.items.push({ seq: p.seqs[i]!, card }));
    if (p.seqs.length < PAGE_SIZE) {
      window.complete = true;
      break;
    }
  }
  const edited = applyEdit(window, edit);
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

function serialize(own: Parsed, items: Window['items'], edit: ResultEdit): CachedPage {
  const count = Math.max(0, own.answer.count + edit.entered.length - edit.left.length);
  return {
    body: JSON.stringify({ ...own.answer, anuncios: items.map((i) => i.card), count }),
    seqs: items.map((i) => i.seq),
  };
}
