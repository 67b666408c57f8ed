/**
 * The search engine's interface (docs/decisions/0024-search-module-and-orders.md): what routes,
 * write paths, plugins and jobs outside api/src/search/ use of it. Nothing here imports this
 * file, so the module has no import circle.
 *
 * - Reading: `createSearchEngine` (filters + order + page → the answer: cards, count, options).
 * - Writing: every write that may change what a search lists announces it
 *   (`app.searchChanges.announce`) with `searchChangeOf` (the listing before and after) or
 *   `{ rows: [searchRowOf(row)] }` (a change whose moves are not known: the matching entries drop).
 * - Shared state (plugins/search.ts): `createSearchCache`, `createSearchChanges`.
 * - Landing pages and the sitemap: `optionLists` (the places listings carry).
 * - The alert job (busquedas/) lists a saved search's new matches with the search's own SQL:
 *   `searchConditions` with the codes `filterCodesIn` gives.
 */
export { createSearchEngine, type SearchEngine, type SearchRequest } from './engine';
export { createSearchCache, type SearchCache, type SearchChange } from './cache';
export { createSearchChanges, type SearchChanges } from './changes';
export { searchChangeOf, searchRowOf, type SearchRow } from './rows';
export { searchConditions } from './filters';
export { filterCodesIn } from './codes';
export type { CountLimits, OptionLists } from './limits';
// The option lists of the search (landing pages and the sitemap resolve place names with them).
export { optionLists } from './options';
// Issue 44: the map's clusters (POST /anuncios/mapa).
export { mapClusters, type MapRequest } from './map';
