/**
 * Server rendering contracts shared by the shell's renderer and the remotes' pages
 * (docs/decisions/0008-server-rendering.md).
 *
 * An exposed page may export `serverData`: the shell's renderer calls it (on Node, through the
 * remote's server build) before rendering, embeds the answer once in the HTML, and the page reads
 * it back with `usePageData(key)` on the server and while hydrating: no second request.
 */
import type { ApiClient } from './api-client';

/** What the page puts in <head>; what it leaves out keeps the site's defaults (SPEC §1). */
export interface PageHead {
  title?: string;
  description?: string;
  /** Absolute URL. */
  canonical?: string;
  og?: { type: string; image?: { url: string; width: number; height: number; alt: string } };
  /** schema.org object, written as application/ld+json. */
  jsonLd?: Record<string, unknown>;
  /**
   * `<meta name="robots">`: 'noindex' for a page that exists but has nothing to show yet (a
   * known place's landing page without listings, issue 39).
   */
  robots?: 'noindex';
  /** An image worth fetching before the scripts (the first card's or the listing's photo). */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
}

export interface ServerDataContext {
  /** Route parameters (`anuncioId`). */
  params: Record<string, string | undefined>;
  pathname: string;
  search: string;
  api: ApiClient;
  /** PUBLIC_SITE_URL, without the trailing slash. */
  siteUrl: string;
}

export interface ServerDataResult {
  /** 200, or 404 for a listing that does not exist. */
  status: number;
  /** `usePageData(key)` returns `data` for this key. */
  key: string;
  data: unknown;
  head?: PageHead;
  /**
   * Exposes of other remotes the page renders ('mf_listing/AnuncioCard'): the browser loads them
   * with the page's own module before hydrating, so no part of the server's HTML waits for code.
   */
  remotes?: string[];
}

export type ServerDataLoader = (ctx: ServerDataContext) => Promise<ServerDataResult>;

/** The key under which a listing's detail is embedded. */
export const anuncioDataKey = (anuncioId: string) => `anuncio:${anuncioId}`;
/** The key under which a search's results are embedded (the path and query the page shows). */
export const searchDataKey = (pathname: string, search: string) => `search:${pathname}${search}`;

/** window.__PORTAL_SSR__: what the server rendered with, read by the shell before hydrating. */
export interface SsrPayload {
  config: unknown;
  /** remote name -> browser remoteEntry URL (as /registry.json). */
  registry: Record<string, string>;
  pageData: Record<string, unknown>;
  /** 'remote/expose' of every module the page was rendered with: loaded before hydrating. */
  modules?: string[];
}
