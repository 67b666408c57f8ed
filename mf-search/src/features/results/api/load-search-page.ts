/**
 * What a search page shows, from its address: the home page (`/?region=…&page=2`) or a landing
 * page (`/venta/apartamento/piantini`). Used by the browser (useAnuncios) and by the server
 * renderer (the page's serverData), so both ask the API the same thing.
 */
import { clampPage, parseLandingPath, parseSearch, slugify, type AllAnunciosResponse, type ApiClient, type Filters, type LandingPath } from 'shared-contracts';

export interface SearchPageData {
  /** The filters the page shows: the path's (landing page) and the query's. */
  filters: Filters;
  /** The page shown: the address's, or the last one when it asked for a page past it (issue 39). */
  page: number;
  /** The landing page, with the place its slug named. */
  landing: (LandingPath & { lugarNombre?: string }) | null;
  response: AllAnunciosResponse;
}

/** A landing slug -> the filter it names: a province first, then a sector (locality, place). */
async function resolveLugar(landing: LandingPath, api: ApiClient, signal?: AbortSignal): Promise<{ filters: Filters; nombre: string } | null> {
  const base: Filters = { proposito: landing.proposito, ...(landing.propiedad ? { propiedad: landing.propiedad } : {}) };
  if (!landing.lugar) return { filters: base, nombre: '' };
  const { regionOptions, localityOptions, placeOptions } = await api.allAnuncios({ filters: base, page: 0 }, signal);
  for (const [key, options] of [['region', regionOptions], ['locality', localityOptions], ['place', placeOptions]] as const) {
    const match = options.find((o) => slugify(o) === landing.lugar);
    if (match) return { filters: { ...base, [key]: match }, nombre: match };
  }
  return null;
}

/**
 * null: a landing path whose place no listing has (the page answers 404). A page past the last
 * (`?page=9999`) shows the last page (one more request, only then); the page itself writes the
 * address it shows (normalisedPageHref).
 */
export async function loadSearchPage(pathname: string, search: string, api: ApiClient, signal?: AbortSignal): Promise<SearchPageData | null> {
  const { filters: queryFilters, page: asked } = parseSearch(search);
  const landing = parseLandingPath(pathname);
  let filters = queryFilters;
  let landingOut: SearchPageData['landing'] = null;
  if (landing) {
    const resolved = await resolveLugar(landing, api, signal);
    if (!resolved) return null;
    filters = { ...queryFilters, ...resolved.filters };
    landingOut = { ...landing, ...(resolved.nombre ? { lugarNombre: resolved.nombre } : {}) };
  }
  let response = await api.allAnuncios({ filters, page: asked - 1 }, signal);
  const page = clampPage(asked, response.count);
  if (page !== asked) response = await api.allAnuncios({ filters, page: page - 1 }, signal);
  return { filters, page, landing: landingOut, response };
}
