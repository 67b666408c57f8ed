/**
 * Server rendering of the public pages (docs/decisions/0008-server-rendering.md).
 *
 * The remotes are loaded on Node from the same registry as in the browser (their server builds,
 * through the federation runtime with @module-federation/node); a registry change (publish,
 * activate, rollback) re-registers them on the next request, with no restart. For a page the
 * renderer asks the page's module for its data (`serverData`), renders the app with React's
 * streaming renderer, and hands back the HTML, antd's styles and our CSS, the page's <head> and
 * the data to embed. A remote that fails or is slow on the server leaves its Suspense fallback in
 * the HTML, and the browser renders that area; the page is never a 500 for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { StaticRouter, matchPath } from 'web-runtime/router';
import { ApiError, MSG, PAGES, REQUEST_ID_HEADER, SITE_KEY_HEADER, createApiClient, parseRuntimeConfig, type PageHead, type Renderer, type RendererOptions, type ServerDataLoader } from 'shared-contracts';
import { setRenderedState, usePortalStore } from 'web-runtime/store';
import { FirstPageData } from '../app/app';
import { ThemeProvider } from '../app/theme-provider';
import { AppRoutes } from '../app/routes';
import { loadRemoteById, loadRemoteModule, peekRemoteById, registerRemoteRegistry, reregisterRemoteRegistry, setRemoteTimeoutOverride } from '../remotes/registry';
import { fsEntryPlugin } from './fs-entry-plugin';
import { createHtmlCache } from './html-cache';
import '../app/global.css';
import '../antd-provide';

type PageModule = { default: unknown; serverData?: ServerDataLoader };

/** The API is down or failing: the page cannot be shown (503), as opposed to a remote's bug. */
const apiUnavailable = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);

function collectCss(): string {
  const css = (globalThis as { __PORTAL_SSR_CSS__?: Map<string, string> }).__PORTAL_SSR_CSS__;
  return css ? `<style data-ssr-css>${[...css.values()].join('\n').replace(/<\/style/gi, '<\\/style')}</style>` : '';
}

/**
 * One antd style cache for the process: each component's CSS is computed once, not on every
 * request (a fresh cache per request made antd serialise every style again and was most of a
 * render's CPU). The extracted <style> text is rebuilt only when a render added a style, so a
 * page may carry a few rules of components it does not show: a small price for every later page.
 */
const styleCache = createCache();
let extracted = { keys: -1, css: '' };
function antdStyles(): string {
  const keys = styleCache.cache.size;
  if (keys !== extracted.keys) extracted = { keys, css: extractStyle(styleCache) };
  return extracted.css;
}

/**
 * `complete`: nothing failed or was left to the browser (only such a render may be reused).
 * `tooLarge`: the HTML passed `maxBytes`; what came after is not kept.
 */
function renderHtml(element: React.ReactNode, timeoutMs: number, nonce: string, maxBytes: number): Promise<{ html: string; complete: boolean; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let complete = true;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes <= maxBytes) chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => {
      const tooLarge = bytes > maxBytes;
      resolve({ html: tooLarge ? '' : Buffer.concat(chunks).toString(), complete: complete && !tooLarge, tooLarge });
    });
    const stream = renderToPipeableStream(element, {
      // React's own inline scripts (Suspense boundaries) carry the response's CSP nonce
      nonce,
      // antd's styles are known once everything rendered: the page is sent whole
      onAllReady: () => stream.pipe(sink),
      // The page is sent whole, so nothing is gained by React's progressive outlining: past 12.8 KB it
      // writes each later Suspense boundary (every card) into a hidden div that only a script puts in
      // place, and without JavaScript (or for a crawler) those cards stay invisible. Inline them all.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellError: reject,
      onError(err: unknown) {
        complete = false;
        // a remote that failed on the server: its area is rendered by the browser
        console.warn('[ssr]', err instanceof Error ? err.message.split('\n')[0] : String(err));
      },
    });
    setTimeout(() => {
      complete = false;
      stream.abort(new Error('tiempo de render agotado'));
    }, timeoutMs).unref();
  });
}

/** The site request a render serves (issue 45): its id goes with every API call the render makes. */
const currentRequest = new AsyncLocalStorage<string>();

/**
 * fetch with the site server's key (when set) and the site request's id on every call (the API
 * client's headers are a plain object).
 */
function withSiteHeaders(siteKey: string | undefined): typeof fetch {
  return (input, init = {}) => {
    const requestId = currentRequest.getStore();
    const extra: Record<string, string> = { ...(siteKey ? { [SITE_KEY_HEADER]: siteKey } : {}), ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) };
    return fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), ...extra } });
  };
}

export function createRenderer(options: RendererOptions): Renderer {
  const config = parseRuntimeConfig(options.config);
  usePortalStore.getState().setConfig(config);
  // pages are drawn with the config (React's server snapshot), as the browser hydrates them
  setRenderedState({ config: usePortalStore.getState().config });
  setRemoteTimeoutOverride(options.remoteTimeoutMs);
  registerPlugins([fsEntryPlugin()]);
  const api = createApiClient({ baseUrl: options.apiUrl, fetch: withSiteHeaders(options.siteKey) });
  let registered = '';
  /** Rendered pages by address, remotes and data (html-cache.ts): about 16 MB of HTML, a minute each. */
  const rendered = createHtmlCache<{ styles: string }>(16 * 1024 * 1024, 60_000);

  function syncRegistry(serverRegistry: Record<string, string>) {
    const key = JSON.stringify(serverRegistry);
    if (key === registered) return;
    if (registered) reregisterRemoteRegistry(serverRegistry);
    else registerRemoteRegistry(serverRegistry);
    registered = key;
    // a new loader: components loaded through the previous registry are not reused
    usePortalStore.getState().setRemoteLoader((id) => loadRemoteById(id), peekRemoteById);
  }

  return {
    render: (url, serverRegistry, nonce, renderOptions = {}) => currentRequest.run(renderOptions.requestId ?? '', () => render(url, serverRegistry, nonce, renderOptions)),
  };

  async function render(...[url, serverRegistry, nonce, renderOptions = {}]: Parameters<Renderer['render']>): ReturnType<Renderer['render']> {
      syncRegistry(serverRegistry);
      const { pathname, search } = new URL(url, 'http://x');
      const routed = PAGES.map((p) => ({ page: p, match: matchPath(p.path, pathname) })).find((r) => r.match);
      if (routed && !routed.page.ssr) return null;
      let status = routed ? 200 : 404;
      const pageData: Record<string, unknown> = {};
      let head: PageHead | undefined;
      const modules: string[] = [];
      if (routed && serverRegistry[routed.page.remote]) {
        modules.push(`${routed.page.remote}/${routed.page.expose.replace(/^\.\//, '')}`);
        let serverData: ServerDataLoader | undefined;
        try {
          // (a module that failed halfway throws on reading its exports)
          serverData = (await loadRemoteModule<PageModule>(routed.page.remote, routed.page.expose)).serverData;
        } catch (err) {
          console.warn(`[ssr] ${routed.page.remote} no cargó en el servidor:`, err instanceof Error ? err.message.split('\n')[0] : err);
        }
        if (serverData) {
          try {
            const result = await serverData({ params: routed.match!.params, pathname, search, api, siteUrl: options.siteUrl });
            status = result.status;
            pageData[result.key] = result.data;
            Object.assign(pageData, result.also);
            head = result.head;
            modules.push(...(result.remotes ?? []));
          } catch (err) {
            if (apiUnavailable(err)) return { status: 503, html: '', styles: '', pageData, modules: [], message: MSG.servicioNoDisponible };
            console.warn('[ssr] serverData:', err instanceof Error ? err.message : err);
          }
        }
      }
      const key = createHash('sha256').update(JSON.stringify([registered, url, status, head ?? null, pageData])).digest('base64');
      if (renderOptions.hasResponse?.(key)) return { status, html: '', styles: '', head, pageData, modules, key, reused: true };
      const hit = rendered.get(key, nonce);
      if (hit) return { status, html: hit.html, styles: hit.rest.styles, head, pageData, modules, key };
      const { html, complete, tooLarge } = await renderHtml(
        <StyleProvider cache={styleCache}>
          <ThemeProvider>
            <StaticRouter location={url}>
              <FirstPageData data={pageData}>
                <AppRoutes />
              </FirstPageData>
            </StaticRouter>
          </ThemeProvider>
        </StyleProvider>,
        options.renderTimeoutMs,
        nonce,
        options.maxHtmlBytes ?? Infinity,
      );
      if (tooLarge) return { status, html: '', styles: '', head, pageData, modules, tooLarge };
      const styles = antdStyles() + collectCss();
      if (complete) rendered.set(key, { html, nonce, rest: { styles } });
      return { status, html, styles, head, pageData, modules, key: complete ? key : undefined };
  }
}
