/**
 * What a search page shows, from its address: the home page (`/?region=…&page=2`) or a landing
 * page (`/venta/apartamento/piantini`). Used by the browser (useAnuncios) and by the server
 * renderer (the page's serverData), so both ask the API the same thing.
 */
import { ApiError, clampPage, isLandingPathname, parseLandingPath, parseSearch, type AllAnunciosResponse, type ApiClient, type Filters, type LandingPath } from 'shared-contracts';

export interface SearchPageData {
  /** The filters the page shows: the path's (landing page) and the query's. */
  filters: Filters;
  /** The page shown: the address's, or the last one when it asked for a page past it (issue 39). */
  page: number;
  /** The landing page, with the place its slug named (`lugarSlug`: that place's own slug). */
  landing: (LandingPath & { lugarNombre?: string; lugarSlug?: string }) | null;
  response: AllAnunciosResponse;
}

type Resolved = { filters: Filters; nombre?: string; slug?: string };

/** A landing path -> its filters: purpose, type, and the place its slug names (GET /lugares/{slug}). */
async function resolveLanding(landing: LandingPath, api: ApiClient, signal?: AbortSignal): Promise<Resolved | null> {
  const filters: Filters = { proposito: landing.proposito, ...(landing.propiedad ? { propiedad: landing.propiedad } : {}) };
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
export async function loadSearchPage(pathname: string, search: string, api: ApiClient, signal?: AbortSignal): Promise<SearchPageData | null> {
  const { filters: queryFilters, page: asked } = parseSearch(search);
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
  let response = await api.allAnuncios({ filters, page: asked - 1 }, signal);
  const page = clampPage(asked, response.count);
  if (page !== asked) response = await api.allAnuncios({ filters, page: page - 1 }, signal);
  return { filters, page, landing: landingOut, response };
}
