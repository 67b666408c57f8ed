/**
 * The search's one interface (docs/decisions/0024-search-module-and-orders.md): filters, an order
 * and a page in, the answer of `POST /allAnuncios` out (cards, count, option lists). Counts,
 * pages, anchors and option lists come through the cache (cache.ts), and the database work of a
 * search waits in the bounded search queue (503 beyond it); plan.ts decides how each is read.
 */
import { PAGE_SIZE, type AllAnunciosResponse, type Anuncio, type Filters, type Orden } from 'shared-contracts';
import type { Db } from '../db/client';
import type { AnuncioRow } from '../db/schema';
import type { WorkQueue } from '../db/work-queue';
import type { SearchCache } from './cache';
import { searchCount, searchCountExact } from './count';
import { COUNT_LIMITS, type Counted, type CountedPage, type CountLimits, type OptionLists } from './limits';
import { optionLists } from './options';
import { NEWEST, ORDERS, type OrderDef } from './orders';
import { pageAnchors, searchPage } from './page';
import { pageBody, restOf, type CachedPage } from './page-patch';
import { wantsAnchors } from './plan';

export interface SearchRequest {
  filters: Filters;
  orden: Orden;
  /** Zero-based. */
  page: number;
}

export interface SearchEngine {
  /** The answer's JSON (AllAnunciosResponse): a page past the end of an exact count is the last page. */
  answer(request: SearchRequest): Promise<string>;
  /**
   * Whether the cache holds the answer (its count and page, fresh or loading): it then costs the
   * database nothing. Issue 40: only the other searches are limited per client.
   */
  cached(request: SearchRequest): boolean;
}

export interface SearchEngineOptions {
  db: Db;
  cache: SearchCache;
  queue: WorkQueue;
  limits?: Partial<CountLimits>;
  /** A listing's card as the results show it (serialize.ts toAnuncio). */
  card(row: AnuncioRow): Anuncio;
}

/** The cache key of no filters (the home page), as `filterKey` computes it. */
const HOME_KEY = '[]';

/** One key per set of filters, whatever order the request named them in. */
const filterKey = (filters: Filters) => JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));

export function createSearchEngine({ db, cache, queue, card, ...opts }: SearchEngineOptions): SearchEngine {
  const limits: CountLimits = { ...COUNT_LIMITS, ...opts.limits };
  // The option lists serialized once per load of them, shared by every page read with them: the
  // members of the answer besides the listings and their count.
  const optionsJsons = new WeakMap<OptionLists, string>();
  const optionsJson = (options: OptionLists & Omit<AllAnunciosResponse, 'anuncios' | 'count' | 'countEstimated'>) => {
    let json = optionsJsons.get(options);
    if (json === undefined) optionsJsons.set(options, (json = restOf(options)));
    return json;
  };
  const homeCount = () => cache.count({}, HOME_KEY, () => searchCount(db, {}, limits));

  /**
   * The count of a search (cached per set of filters, whatever the order). A small result's count
   * may come with the asked page, read by the same statement (count.ts), into `counted`.
   */
  async function countOf(filters: Filters, key: string, order: OrderDef, offset: number, counted: { read?: CountedPage }) {
    return cache.count(filters, key, () =>
      queue.run(async () => {
        // How many listings are searchable (the home page's count, cached): how long a walk may be.
        const home = key === HOME_KEY ? undefined : await homeCount();
        const { page: _, ...count } = (counted.read = await searchCount(db, filters, limits, { offset, order, searchable: home?.count }));
        return count;
      }),
    );
  }

  /** Reads a page (in the queue): its count, the option lists, its rows, in parts for the cache. */
  async function readPage(filters: Filters, key: string, order: OrderDef, page: number, counted: CountedPage | undefined): Promise<CachedPage> {
    // Together, so a failure of either is handled (a lone pending promise would crash the process).
    let [count, options, all] = await Promise.all([cache.count(filters, key, () => searchCount(db, filters, limits)), cache.options(() => optionLists(db)), homeCount()]);
    // The last pages of an estimated result get the exact count, so paging reaches every listing.
    if (count.estimated && (page + 1) * PAGE_SIZE >= count.count * 0.97) {
      count = { count: await searchCountExact(db, filters, limits), estimated: false };
    }
    // Deep pages of a large result start from a cached anchor once one is loaded (in the background).
    const anchors = wantsAnchors(page, count)
      ? cache.anchors(filters, `${key}~${order.name}`, () => queue.run(() => pageAnchors(db, filters, order)))
      : undefined;
    const read = counted?.page;
    const rows = read && read.offset === page * PAGE_SIZE ? read.rows : await searchPage(db, filters, order, page, count, limits, anchors, all.count);
    return partsOf(rows, filters, order, count, optionsJson(options));
  }

  function partsOf(rows: AnuncioRow[], filters: Filters, order: OrderDef, count: Counted, rest: string): CachedPage {
    const parts: CachedPage = {
      cards: rows.map((r) => JSON.stringify(card(r))),
      seqs: rows.map((r) => r.seq),
      count: count.count,
      countEstimated: count.estimated,
      rest,
    };
    if (order !== NEWEST) {
      parts.orden = order.name;
      parts.sorts = rows.map((r) => order.keyOf(r, filters));
    }
    return parts;
  }

  return {
    cached({ filters, orden, page }) {
      const key = filterKey(filters);
      return cache.holds(key, `${key}~${ORDERS[orden].name}#${page}`);
    },
    async answer({ filters, orden, page: asked }) {
      const order = ORDERS[orden];
      const key = filterKey(filters);
      const counted: { read?: CountedPage } = {};
      const known = await countOf(filters, key, order, asked * PAGE_SIZE, counted);
      // A page past the end is the last page (issue 19): far pages cost the database without
      // showing anything, and every far page number would otherwise be a cache entry of its own.
      // Only an exact count caps: an estimate may fall short of the real last page.
      const page = known.estimated ? asked : Math.min(asked, Math.max(0, Math.ceil(known.count / PAGE_SIZE) - 1));
      // Popular pages (the home page above all) are answered from memory, already serialized (and
      // patched by writes, page-patch.ts). A search whose count this request just read waits for
      // its page only behind other such pages, not behind searches that have not started.
      const cached = await cache.page(filters, `${key}~${order.name}#${page}`, () =>
        queue.run(() => readPage(filters, key, order, page, counted.read), { continuing: counted.read !== undefined }),
      );
      return pageBody(cached);
    },
  };
}
