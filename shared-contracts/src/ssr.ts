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
  /**
   * Other answers the page's components read, embedded under their own keys beside `key`'s (the
   * agencies' names of the cards' and the detail's advertiser line: `agenciasDataKey`).
   */
  also?: Record<string, unknown>;
}

export type ServerDataLoader = (ctx: ServerDataContext) => Promise<ServerDataResult>;

/** The key of the agencies' names (`GET /agencias`, issue 46), embedded with every page showing listings. */
export const agenciasDataKey = 'agencias';
/**
 * The agencies' names for a page's `also`: the server's HTML names a partner's listings as the
 * hydrated page does. Nothing when the API could not say (the line then waits for the browser's
 * own request): the page itself does not fail for it.
 */
export async function agenciasAlso(api: ApiClient, signal?: AbortSignal): Promise<Record<string, unknown> | undefined> {
  try {
    return { [agenciasDataKey]: await api.agencias(signal) };
  } catch {
    return undefined;
  }
}
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

/*
 * The shell's server build (shell/src/server/index.ts) and the site server that loads it
 * (shell/server/ssr.mjs, plain node) are built and shipped apart: this is the contract between them.
 */

export interface RendererOptions {
  /** The runtime config the browser gets (config.json). */
  config: unknown;
  /** PUBLIC_SITE_URL, for canonical and og:url. */
  siteUrl: string;
  /** Where the server reaches the API (SSR_API_URL, default the public API URL). */
  apiUrl: string;
  /** How long a remote's server build may take to load (SSR_REMOTE_TIMEOUT_MS). */
  remoteTimeoutMs: number;
  /** After this, what is still pending is left to the browser (SSR_RENDER_TIMEOUT_MS). */
  renderTimeoutMs: number;
  /** A render larger than this is dropped (`tooLarge`): the browser renders the page (SSR_MAX_PAGE_BYTES). */
  maxHtmlBytes?: number;
  /** SITE_API_KEY: sent with every call, so the API does not count every visitor's page as one client's searches (issue 40). */
  siteKey?: string;
}

export interface RenderResult {
  status: number;
  /** The app's HTML (inside #root). */
  html: string;
  /** What goes into <head> after the page's metadata: antd's and our CSS (<style>). */
  styles: string;
  head?: PageHead;
  /** Embedded for hydration (usePageData). */
  pageData: Record<string, unknown>;
  /** 'remote/expose' of the modules the page was rendered with (SsrPayload.modules). */
  modules: string[];
  /**
   * Set when the render is complete (nothing failed or was left to the browser): the same
   * address, remotes, data and head give the same key, so a response made from it may be reused.
   */
  key?: string;
  /** `hasResponse(key)` said yes: no HTML was produced. */
  reused?: boolean;
  /** Status 503: the Spanish message the site server shows. */
  message?: string;
  /** The render passed `maxHtmlBytes`: no HTML, the browser renders the page. */
  tooLarge?: boolean;
}

export interface Renderer {
  /**
   * null: the address is a page the browser renders (account, publish): serve the plain shell.
   * `serverRegistry`: remote name -> absolute path of its server remoteEntry.js; `nonce`: the
   * response's CSP nonce.
   */
  render(url: string, serverRegistry: Record<string, string>, nonce: string, options?: RenderOptions): Promise<RenderResult | null>;
}

export interface RenderOptions {
  /**
   * The site server keeps whole responses of complete renders by `RenderResult.key`: when it
   * holds one for this key, the HTML is not needed (`html` comes back empty, `reused` true).
   */
  hasResponse?(key: string): boolean;
  /** Issue 45: the site request's id, sent as X-Request-Id with the render's API calls. */
  requestId?: string;
}

/** The module of the shell's server build (shell/dist/server/server.js). */
export interface ServerBuild {
  createRenderer(options: RendererOptions): Promise<Renderer>;
  /** landingPath of landing.ts, loaded once the shared modules are negotiated (the sitemap's). */
  loadLandingPath(): Promise<(parts: { proposito: string; propiedad?: string | null; lugar?: string | null }) => string>;
}
