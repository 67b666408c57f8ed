// @ts-check
/**
 * Server rendering in the site server (docs/decisions/0008-server-rendering.md): loads the shell's
 * server build (shell/dist/server/server.js) once, asks it to render a page with the registry's
 * server builds, and puts the result together with the shell's index.html (page-html.mjs: no
 * listing text is ever a pattern): the page's <head> (title, description, canonical, Open Graph,
 * Twitter, JSON-LD), the styles, the app's HTML inside #root, and the data it used, embedded once
 * in an inline script for hydration, admitted by the CSP through its hash.
 * Without a server build (not built yet) the plain shell is served, as before. A page larger than
 * SSR_MAX_PAGE_BYTES is sent as the shell with the page's <head>: the browser renders it.
 *
 * Whole responses of complete renders are kept (body and gzip, by the renderer's key, the
 * template and the registry; a minute at most, RESPONSE_CACHE_BYTES in all): a repeated page
 * costs the API call that tells whether its data changed, a hash and one write. That is why the
 * data script is admitted by hash and not by the response's nonce: its bytes are the same in
 * every response. React's own inline scripts (only in a render left partly to the browser, never
 * kept) still carry the nonce.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { pageHtml, scriptJson, unavailableHtml } from './page-html.mjs';

/**
 * @typedef {import('../../shared-contracts/src/ssr.js').Renderer} Renderer
 * @typedef {import('../../shared-contracts/src/ssr.js').RenderResult} RenderResult
 * @typedef {import('../../shared-contracts/src/ssr.js').ServerBuild} ServerBuild
 * @typedef {import('./page-html.mjs').Template} Template
 * @typedef {ReturnType<typeof ssrSettings>} SsrSettings
 * @typedef {{ status: number, body: Buffer, scriptHashes: string[], gzipped: () => Buffer, shareable?: boolean }} RenderedPage
 *   `shareable`: a complete render, the same bytes for every visitor (no nonce in it): a CDN may keep it (ops.mjs)
 * @typedef {{ status: number, body: Buffer, scriptHashes: string[] }} KeptResponse
 */

const require = createRequire(import.meta.url);
/** @param {Buffer} body */
const gzip = (body) => zlib.gzipSync(body, { level: 6 });

export const newNonce = () => crypto.randomBytes(16).toString('base64');

/** The CSP source that admits an inline script with exactly this text. @param {string} text */
const scriptHash = (text) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

const RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;
const RESPONSE_MAX_AGE_MS = 60_000;

/**
 * Whole responses by key, oldest first (Map order); gzip made on the first request that asks.
 * @param {number} maxBytes
 * @param {number} maxAgeMs
 */
function createResponseCache(maxBytes, maxAgeMs) {
  /** @typedef {KeptResponse & { at: number, gz: Buffer | null }} Entry */
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let bytes = 0;
  /** @param {string} key */
  const drop = (key) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.body.length + (e.gz?.length ?? 0);
  };
  return {
    /** @param {string} key */
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (Date.now() - e.at > maxAgeMs) {
        drop(key);
        return undefined;
      }
      return e;
    },
    /** @param {string} key @param {KeptResponse} entry */
    set(key, entry) {
      drop(key);
      if (entry.body.length > maxBytes / 4) return;
      entries.set(key, { ...entry, at: Date.now(), gz: null });
      bytes += entry.body.length;
      for (const old of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(old);
      }
    },
    /** @param {string} key @param {Entry} e @param {(body: Buffer) => Buffer} make */
    gzip(key, e, make) {
      if (!e.gz) {
        e.gz = make(e.body);
        if (entries.get(key) === e) bytes += e.gz.length;
      }
      return e.gz;
    },
  };
}

/**
 * @param {string} name
 * @param {string | undefined} value
 * @param {number} fallback
 */
function positiveInt(name, value, fallback, unit = 'ms') {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} debe ser un entero positivo (${unit}), no "${value}"`);
  return n;
}

/** Default size cap of a server-rendered page: several times the largest page the portal draws. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** @param {NodeJS.ProcessEnv} [env] */
export function ssrSettings(env = process.env) {
  return {
    remoteTimeoutMs: positiveInt('SSR_REMOTE_TIMEOUT_MS', env.SSR_REMOTE_TIMEOUT_MS, 3000),
    renderTimeoutMs: positiveInt('SSR_RENDER_TIMEOUT_MS', env.SSR_RENDER_TIMEOUT_MS, 5000),
    maxPageBytes: positiveInt('SSR_MAX_PAGE_BYTES', env.SSR_MAX_PAGE_BYTES, MAX_PAGE_BYTES, 'bytes'),
    apiUrl: (env.SSR_API_URL ?? '').replace(/\/+$/, ''),
    // issue 40: how the API knows the site server's calls (shared-contracts/src/site-server.js)
    siteKey: env.SITE_API_KEY ?? '',
  };
}

/**
 * @param {{ config: { apiBaseUrl: string }, siteUrl: string, ssr?: SsrSettings }} settings the site's (site-server.mjs)
 * @param {{ shellDist: string, log?: { warn: (o: object, msg: string) => void }, metrics?: { fallback: (reason: 'too-large') => void } }} where
 *   `log` and `metrics`: the site server's (ops.mjs)
 */
export function createSsr(settings, { shellDist, log, metrics }) {
  const serverBuild = path.join(shellDist, 'server', 'server.js');
  const options = settings.ssr ?? ssrSettings();
  /** @type {Promise<Renderer> | null} */
  let renderer = null;
  /** @type {ServerBuild | null} */
  let serverModule = null;
  let loadedMtime = 0;

  /** @returns {Promise<Renderer | null>} */
  async function getRenderer() {
    let stat;
    try {
      stat = fs.statSync(serverBuild);
    } catch {
      return null;
    }
    if (!renderer || stat.mtimeMs !== loadedMtime) {
      loadedMtime = stat.mtimeMs;
      // a rebuilt shell (`npm run build -- shell` while the site runs) is read afresh
      delete require.cache[serverBuild];
      /** @type {ServerBuild} */
      const mod = require(serverBuild);
      serverModule = mod;
      renderer = mod.createRenderer({
        config: settings.config,
        siteUrl: settings.siteUrl,
        apiUrl: options.apiUrl || settings.config.apiBaseUrl,
        remoteTimeoutMs: options.remoteTimeoutMs,
        renderTimeoutMs: options.renderTimeoutMs,
        maxHtmlBytes: options.maxPageBytes,
        siteKey: options.siteKey,
      });
    }
    return renderer;
  }

  /**
   * The page for `url`, or null when the browser renders it (not a server-rendered route, or no
   * server build). `template`: the shell's index.html (compileTemplate); `registry`: {browser, server} maps.
   */
  const responses = createResponseCache(RESPONSE_CACHE_BYTES, RESPONSE_MAX_AGE_MS);

  /**
   * `templateVersion` changes when index.html does. The answer: status, body (Buffer),
   * `gzipped()` and `scriptHashes` (CSP sources for the inline data script).
   * @param {string} url
   * `requestId`: forwarded to the API calls of the render (issue 45).
   * @param {{ template: Template, templateVersion: number, registry: { browser: Record<string, string>, server: Record<string, string> }, nonce: string, requestId?: string }} page
   * @returns {Promise<RenderedPage | null>}
   */
  async function renderPage(url, { template, templateVersion, registry, nonce, requestId }) {
    const r = await getRenderer();
    if (!r) return null;
    /** @param {string} key */
    const responseKey = (key) => `${key}|${templateVersion}|${JSON.stringify(registry.browser)}`;
    let result = await r.render(url, registry.server, nonce, { hasResponse: (key) => responses.get(responseKey(key)) !== undefined, requestId });
    if (!result) return null;
    if (result.reused) {
      const key = responseKey(/** @type {string} */ (result.key));
      const kept = responses.get(key);
      if (kept) return { status: kept.status, body: kept.body, scriptHashes: kept.scriptHashes, gzipped: () => responses.gzip(key, kept, gzip), shareable: true };
      // dropped meanwhile: render it
      result = await r.render(url, registry.server, nonce, { requestId });
      if (!result) return null;
    }
    if (result.status === 503) {
      // a 503 carries its message (RenderResult)
      const body = Buffer.from(unavailableHtml(template, /** @type {string} */ (result.message)));
      return { status: 503, body, scriptHashes: [], gzipped: () => gzip(body) };
    }
    const payload = { config: settings.config, registry: registry.browser, pageData: result.pageData, modules: result.modules ?? [] };
    const script = `window.__PORTAL_SSR__=${scriptJson(payload)}`;
    const body = result.tooLarge ? null : Buffer.from(pageHtml(template, { head: result.head, styles: result.styles, root: result.html, script }));
    if (!body || body.length > options.maxPageBytes) return tooLarge(url, result, template, body?.length);
    const scriptHashes = [scriptHash(script)];
    // a render with React's nonce'd scripts in it is this response's only
    if (result.key && !result.html.includes(nonce)) {
      const key = responseKey(result.key);
      responses.set(key, { status: result.status, body, scriptHashes });
      const kept = responses.get(key);
      if (kept) return { status: result.status, body, scriptHashes, gzipped: () => responses.gzip(key, kept, gzip), shareable: true };
    }
    return { status: result.status, body, scriptHashes, gzipped: () => gzip(body) };
  }

  /**
   * Past the size cap the page is the shell with the page's <head>, rendered by the browser.
   * @param {string} url
   * @param {RenderResult} result
   * @param {Template} template
   * @param {number} [bytes]
   * @returns {RenderedPage}
   */
  function tooLarge(url, result, template, bytes) {
    metrics?.fallback('too-large');
    const message = `[ssr] ${url}: la página pasa de SSR_MAX_PAGE_BYTES (${bytes ?? 'el render'} > ${options.maxPageBytes} bytes); la dibuja el navegador`;
    if (log) log.warn({}, message);
    else console.warn(message);
    const body = Buffer.from(pageHtml(template, { head: result.head }));
    return { status: result.status, body, scriptHashes: [], gzipped: () => gzip(body) };
  }

  /** The shell's server build (its helpers), or null when not built. */
  async function serverBuildModule() {
    await getRenderer();
    return serverModule;
  }

  return { renderPage, serverBuildModule, apiUrl: options.apiUrl || settings.config.apiBaseUrl, siteKey: options.siteKey };
}
