/**
 * THE request of a search page (SPEC §4 "Listing list"), from its address: the home page
 * (`/?region=…&page=2`) or a landing page (`/venta/apartamento/piantini`). The fetcher is used by
 * the page's hook (useSearchPage) and by its serverData, so both ask the API the same thing, and
 * the one `POST /allAnuncios` body is written once, here.
 */
import { ApiError, LANDING_ATRIBUTOS, ORDEN_DEFAULT, clampPage, isLandingPathname, parseLandingPath, parseSearch, searchDataKey, type AllAnunciosResponse, type ApiClient, type Filters, type LandingPath, type Orden } from 'shared-contracts';
import { useApi, usePortalStore, useQuery, type QueryResult } from 'web-runtime/store';

export interface SearchPageData {
  /** The filters the page shows: the path's (landing page) and the query's. */
  filters: Filters;
  /** The page shown: the address's, or the last one when it asked for a page past it (issue 39). */
  page: number;
  /** The results' order (issue 42): the address's `orden`, newest first without it. */
  orden: Orden;
  /** The landing page, with the place its slug named (`lugarSlug`: that place's own slug). */
  landing: (LandingPath & { lugarNombre?: string; lugarSlug?: string }) | null;
  response: AllAnunciosResponse;
}

type Resolved = { filters: Filters; nombre?: string; slug?: string };

/** A landing path -> its filters: purpose, type, and the place its slug names (GET /lugares/{slug}). */
async function resolveLanding(landing: LandingPath, api: ApiClient, signal?: AbortSignal): Promise<Resolved | null> {
  const filters: Filters = {
    proposito: landing.proposito,
    ...(landing.propiedad ? { propiedad: landing.propiedad } : {}),
    ...(landing.atributo ? LANDING_ATRIBUTOS[landing.atributo].filtros : {}),
  };
  if (!landing.lugar) return { filters };
  try {
    const lugar = await api.lugar(landing.lugar, signal);
    return { filters: { ...filters, ...lugar.filtros }, nombre: lugar.nombre, slug: lugar.slug };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * null: an address under /venta or /alquiler that names no page (an unknown type or place): the
 * page answers 404, never the whole catalogue under a made-up name. A page past the last
 * (`?page=9999`) shows the last page (one more request, only then); the page itself writes the
 * address it shows (normalisedPageHref).
 */
export async function getSearchPage(api: ApiClient, pathname: string, search: string, signal?: AbortSignal): Promise<SearchPageData | null> {
  const { filters: queryFilters, page: asked, orden } = parseSearch(search);
  const landing = parseLandingPath(pathname);
  if (!landing && isLandingPathname(pathname)) return null;
  let filters = queryFilters;
  let landingOut: SearchPageData['landing'] = null;
  if (landing) {
    const resolved = await resolveLanding(landing, api, signal);
    if (!resolved) return null;
    filters = { ...queryFilters, ...resolved.filters };
    landingOut = { ...landing, ...(resolved.nombre ? { lugarNombre: resolved.nombre, lugarSlug: resolved.slug } : {}) };
  }
  const ask = (page: number) => api.allAnuncios({ filters, page: page - 1, ...(orden ? { orden } : {}) }, signal);
  let response = await ask(asked);
  const page = clampPage(asked, response.count);
  if (page !== asked) response = await ask(page);
  return { filters, page, orden: orden ?? ORDEN_DEFAULT, landing: landingOut, response };
}

/** The key of an address's search: the query's, and the page data's the server embeds under. */
export const searchPageKey = searchDataKey;

/**
 * The search the address names (null: no such page, 404), reloaded when the user's own listings
 * change (listingsVersion); while a new address loads, the last answer stays on screen.
 */
export function useSearchPage(pathname: string, search: string): QueryResult<SearchPageData | null> {
  const api = useApi();
  const listingsVersion = usePortalStore((s) => s.listingsVersion);
  return useQuery(searchPageKey(pathname, search), (signal) => getSearchPage(api, pathname, search, signal), { version: listingsVersion, keepPrevious: true });
}
