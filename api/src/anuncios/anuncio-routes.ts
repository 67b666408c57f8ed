/**
 * Public listing calls (search, detail) and owner-only delete. Handlers stay thin: SQL lives in
 * the repository and search-query, the option lists and counts come through the search cache,
 * and the database work of a search waits in the bounded search queue (503 beyond it). Searches
 * the cache cannot answer are limited per client (issue 40), so no one client fills that queue.
 */
import type { FastifyInstance } from 'fastify';
import { MSG, PAGE_SIZE, type AllAnunciosResponse, type Anuncio } from 'shared-contracts';
import { allAnunciosSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { deletePhotos } from '../photos';
import { authEvent } from '../accounts/auth-events';
import { toAnuncio } from './serialize';
import { deleteOwned, findById, findPublished } from './repository';
import {
  ANCHOR_EVERY,
  COUNT_LIMITS,
  FAR_END_FROM,
  optionLists,
  pageAnchors,
  searchCount,
  searchCountExact,
  searchPage,
  searchChangeOf,
  type CountedPage,
  type CountLimits,
  type OptionLists,
} from './search-query';
import { pageBody, restOf } from './page-patch';
import { recentPriceDrop } from './lifecycle-repository';

/** The cache key of no filters (the home page), as `key` below computes it. */
const HOME_KEY = '[]';

export default async function anuncioRoutes(app: FastifyInstance, opts: { countLimits?: Partial<CountLimits> }) {
  const limits: CountLimits = { ...COUNT_LIMITS, ...opts.countLimits };
  const { db, config, searchCache, searchQueue } = app;
  // The option lists serialized once per load of them, shared by every page read with them: the
  // members of the answer (AllAnunciosResponse) besides the listings and their count.
  const optionsJsons = new WeakMap<OptionLists, string>();
  const optionsJson = (options: OptionLists & Omit<AllAnunciosResponse, 'anuncios' | 'count' | 'countEstimated'>) => {
    let json = optionsJsons.get(options);
    if (json === undefined) optionsJsons.set(options, (json = restOf(options)));
    return json;
  };

  app.post('/allAnuncios', async (request, reply) => {
    const { filters, page: asked } = allAnunciosSchema.parse(request.body ?? {});
    const key = JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
    // Only a search that needs the database counts against its client: cached answers cost nothing.
    if (!searchCache.holds(key, `${key}#${asked}`)) await app.limitSearch(request, reply);
    // A page past the end is the last page (issue 19): far pages cost the database without showing
    // anything, and every far page number would otherwise be a cache entry of its own. Only an exact
    // count caps: an estimate may fall short of the real last page.
    // A small result's count may come with the asked page, read by the same statement (searchCount).
    let counted: CountedPage | undefined;
    const known = await searchCache.count(filters, key, () =>
      searchQueue.run(async () => {
        // How many listings are searchable (the home page's count, cached): how long a walk may be.
        const home = key === HOME_KEY ? undefined : await searchCache.count({}, HOME_KEY, () => searchCount(db, {}, limits));
        const { page: _, ...count } = (counted = await searchCount(db, filters, limits, { offset: asked * PAGE_SIZE, searchable: home?.count }));
        return count;
      }),
    );
    const page = known.estimated ? asked : Math.min(asked, Math.max(0, Math.ceil(known.count / PAGE_SIZE) - 1));
    // Popular pages (the home page above all) are answered from memory, already serialized (and
    // patched by writes, page-patch.ts). A
    // search whose count this request just read waits for its page only behind other such pages,
    // not behind searches that have not started (work-queue.ts).
    const cached = await searchCache.page(filters, `${key}#${page}`, () =>
      searchQueue.run(async () => {
        // Together, so a failure of either is handled (a lone pending promise would crash the process).
        let [count, options, all] = await Promise.all([
          searchCache.count(filters, key, () => searchCount(db, filters, limits)),
          searchCache.options(() => optionLists(db)),
          // The home page's count (cached like any other): how long a walk a small result's page may take.
          searchCache.count({}, HOME_KEY, () => searchCount(db, {}, limits)),
        ]);
        // The last pages of an estimated result get the exact count, so paging reaches every listing.
        if (count.estimated && (page + 1) * PAGE_SIZE >= count.count * 0.97) {
          count = { count: await searchCountExact(db, filters, limits), estimated: false };
        }
        // Deep pages of a large result start from a cached anchor once one is loaded (in the background).
        const deep = page * PAGE_SIZE >= FAR_END_FROM && (count.estimated || count.count > 20 * ANCHOR_EVERY);
        const anchors = deep ? searchCache.anchors(filters, key, () => searchQueue.run(() => pageAnchors(db, filters))) : undefined;
        const read = counted?.page;
        const rows = read && read.offset === page * PAGE_SIZE ? read.rows : await searchPage(db, filters, page, count, limits, anchors, all.count);
        return {
          cards: rows.map((r) => JSON.stringify(toAnuncio(r, config.publicApiUrl))),
          seqs: rows.map((r) => r.seq),
          count: count.count,
          countEstimated: count.estimated,
          rest: optionsJson(options),
        };
      }, { continuing: counted !== undefined }),
    );
    return reply.type('application/json; charset=utf-8').send(pageBody(cached));
  });

  app.get<{ Params: { id: string } }>('/anuncio/:id', async (request, reply): Promise<Anuncio> => {
    const row = isUuid(request.params.id) ? await findPublished(db, request.params.id) : null;
    if (!row) return reply.code(404).send({ message: MSG.notFound });
    // Issue 20: the previous price when it recently went down ("Bajó de precio").
    return { ...toAnuncio(row, config.publicApiUrl), precioAnterior: await recentPriceDrop(db, row.id, app.clock.now()) };
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: app.authenticate }, async (request) => {
    const { id } = request.params;
    const notFound = () => new HttpError(404, MSG.notFound, { error: MSG.notFound, message: MSG.notFound });
    if (!isUuid(id)) throw notFound();
    const startedAt = app.clock.now();
    // One statement when the listing is the user's (the usual case); otherwise the row tells why not.
    const deleted = await deleteOwned(db, id, request.user!.id);
    if (!deleted) {
      if (!(await findById(db, id))) throw notFound();
      // Partner listings (no owner) belong to no user, so no user may delete them.
      throw new HttpError(403, MSG.forbiddenDelete);
    }
    await app.searchChanges.announce(searchChangeOf(deleted, null), startedAt);
    authEvent(request, 'listing_deleted', request.user!.id, { anuncio: deleted.id });
    await deletePhotos(app.photoStorage, deleted.imageKeys).catch((err) => request.log.error({ err }, 'no se pudieron borrar las fotos'));
    return { ok: true as const };
  });
}
