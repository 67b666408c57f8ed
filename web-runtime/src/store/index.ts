/**
 * `web-runtime/store`: the portal's one client store (portal-store.ts), the data-loading hook
 * (query.ts) with the own listings' query (mis-anuncios.ts), and the server's page data
 * (page-data.ts). One shared module for shell and remotes, so one instance of each at run time
 * (docs/decisions/0001-shared-store.md, 0026-one-way-to-load-data.md).
 */
export * from './portal-store';
export { PageDataContext, usePageData } from './page-data';
export { useQuery, primeQuery, resetQueries, type QueryResult, type QueryState, type QueryStatus, type QueryOptions } from './query';
export { getMisAnuncios, misAnunciosKey, useMisAnunciosQuery } from './mis-anuncios';
