// @ts-check
/**
 * Static server for the combined site: the shell's build at /, each remote's build under
 * /remotes/<app>/, the runtime config (/config.json) and the remote registry (/registry.json)
 * generated from the environment. SPA fallback for the routes.
 *
 * Caching: hashed chunks are immutable for a year; index.html, remote entries, manifests, the
 * registry and the config are never cached, so a registry change shows on the next page load.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { extraSecurityHeaders, hiddenInProduction, isProductionSite } from './security-headers.mjs';
import { fileURLToPath } from 'node:url';
import { createSsr, newNonce, ssrSettings } from './ssr.mjs';
import { compileTemplate, pageHtml } from './page-html.mjs';
import { robotsTxt, sitemapFor } from './sitemap.mjs';
import pageManifest from '../../shared-contracts/src/page-manifest.js';
import mapDefaults from '../../shared-contracts/src/map-defaults.js';
import mediaEmbeds from '../../shared-contracts/src/media-embeds.js';
import webApps from '../../shared-contracts/src/web-apps.js';
import { createReadiness, createSiteLogger, createSiteMetrics, opsSettings, pageCacheControl, requestIdFor, withOps } from './ops.mjs';
import { remoteStoreSettings } from './remote-store.mjs';
import { createLiveRegistry } from './live-registry.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {import('node:http').OutgoingHttpHeaders} Headers
 * @typedef {ReturnType<typeof siteSettings>} SiteSettings
 * @typedef {{ entry: string, serverEntry: string | null }} RegistryEntry
 * @typedef {Record<string, RegistryEntry>} Registry
 */

const { PAGES, pathPattern } = pageManifest;
const { DEFAULT_TILE_URL, DEFAULT_TILE_ATTRIBUTION, tileSource } = mapDefaults;
// the remotes served under /remotes/<folder>/ (shared-contracts/src/web-apps.js)
const { REMOTE_APPS } = webApps;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt']);

/**
 * A bad value must stop the start with its name, not reach the browser as NaN.
 * @param {string} name
 * @param {string | undefined} value
 * @param {number} fallback
 */
function positiveInt(name, value, fallback) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} debe ser un entero positivo (ms), no "${value}"`);
  return n;
}

/** RD$ per US$, the same variable and default as the API's price filter (api/src/config.ts). @param {string | undefined} value */
function usdDopRate(value) {
  if (value === undefined || value === '') return 60;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 10000) throw new Error(`USD_DOP_RATE debe ser un número positivo, no "${value}"`);
  return n;
}

/**
 * PORTAL_TEST_ROUTES (issue 40): only "1" turns the test routes on ("0" or unset: off; "true" is
 * refused, not guessed), and never in production or on a site that is not on this machine.
 * @param {NodeJS.ProcessEnv} env
 * @param {boolean} production
 */
function testRoutes(env, production) {
  const value = env.PORTAL_TEST_ROUTES ?? '';
  if (value === '' || value === '0') return false;
  if (value !== '1') throw new Error(`PORTAL_TEST_ROUTES: solo "1" activa las rutas de prueba ("0" o sin definir: desactivadas), no "${value}"`);
  if (production) {
    throw new Error('PORTAL_TEST_ROUTES: las rutas de prueba son solo para las pruebas del navegador en esta máquina; no se activan con NODE_ENV=production ni con un PUBLIC_SITE_URL que no sea local');
  }
  return true;
}

/** USD_DOP_RATE_DATE: the day the rate was taken, YYYY-MM-DD ('' = not given; the site says the rate has no date). */
/** @param {string} [value] */
function rateDate(value = '') {
  const day = value === '' ? null : new Date(`${value}T00:00:00Z`);
  if (day && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)) {
    throw new Error(`USD_DOP_RATE_DATE debe ser una fecha AAAA-MM-DD, no "${value}"`);
  }
  return value;
}

/** LISTING_TTL_DAYS, the same variable, default and bounds as the API's (api/src/config.ts): the plans page says it. */
/** @param {string | undefined} value */
function listingTtlDays(value) {
  if (value === undefined || value === '') return 90;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 8 || n > 3650) throw new Error(`LISTING_TTL_DAYS debe ser un entero entre 8 y 3650, no "${value}"`);
  return n;
}

/** The site's settings from the environment; a bad value throws with the variable's name. @param {NodeJS.ProcessEnv} [env] */
export function siteSettings(env = process.env) {
  const port = Number(env.PORT ?? 3000);
  const apiPort = Number(env.API_PORT ?? 4000);
  const siteUrl = (env.PUBLIC_SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const apiUrl = (env.PUBLIC_API_URL ?? `http://localhost:${apiPort}`).replace(/\/+$/, '');
  const dataDir = path.resolve(ROOT, env.DATA_DIR ?? 'data');
  const production = isProductionSite(siteUrl, env);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    siteUrl,
    production,
    ssr: ssrSettings(env),
    dataDir,
    /**
     * Issue 45: where the registry the deploy commands maintain and the published versions are:
     * REMOTES_DIR (default DATA_DIR) or a bucket every site server reads (REMOTES_S3_*; remote-store.mjs).
     * Without a registry every remote is served from its own dist.
     */
    remotes: remoteStoreSettings(env, ROOT, dataDir),
    /** Issue 45: metrics token, the CDN cache of anonymous pages, the log level (ops.mjs). */
    ops: opsSettings(env),
    config: {
      apiBaseUrl: apiUrl,
      tileUrl: env.TILE_URL ?? DEFAULT_TILE_URL,
      // issue 44: the credit the configured tiles require (HTML, shown in the map's corner)
      tileAttribution: env.TILE_ATTRIBUTION ?? DEFAULT_TILE_ATTRIBUTION,
      contactEmail: env.CONTACT_EMAIL ?? 'contacto@inmueblesrd.do',
      testRoutes: testRoutes(env, production),
      remoteTimeoutMs: positiveInt('REMOTE_TIMEOUT_MS', env.REMOTE_TIMEOUT_MS, 15_000),
      // absolute listing links in WhatsApp messages, and the rate of the other-currency figure (issue 21)
      siteUrl,
      usdDopRate: usdDopRate(env.USD_DOP_RATE),
      // issue 39: the rate's day beside it, and how long a listing shows (the plans page)
      usdDopRateDate: rateDate(env.USD_DOP_RATE_DATE),
      listingTtlDays: listingTtlDays(env.LISTING_TTL_DAYS),
    },
  };
}

/** @returns {Registry} */
function defaultRegistry() {
  return Object.fromEntries(REMOTE_APPS.map(({ name, dir }) => [name, { entry: `/remotes/${dir}/remoteEntry.js`, serverEntry: `/remotes/${dir}/server/remoteEntry.js` }]));
}

/**
 * The registry: per remote its browser build (`entry`) and its server build (`serverEntry`),
 * switched together by `npm run remote -- publish|activate|rollback`. An entry written as a plain
 * URL (older registries, a remote on another server) has no server build: the browser renders it.
 * @param {Record<string, unknown>} file  registry.json as the store holds it (live-registry.mjs)
 * @returns {Registry}
 */
function readRegistry(file) {
  const merged = { ...defaultRegistry(), .../** @type {Record<string, string | RegistryEntry>} */ (file) };
  return Object.fromEntries(Object.entries(merged).map(([name, e]) => [name, typeof e === 'string' ? { entry: e, serverEntry: null } : e]));
}

/** What the browser gets (/registry.json): remote name -> remoteEntry URL. @param {Registry} registry */
const browserRegistry = (registry) => Object.fromEntries(Object.entries(registry).map(([name, e]) => [name, e.entry]));

/** @param {string} url */
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * `nonce` and `scriptHashes` ('sha256-…' sources) admit a server-rendered page's inline scripts.
 * @param {SiteSettings} settings
 * @param {Record<string, string>} registry  the browser's (/registry.json)
 * @param {string} [nonce]
 * @param {string[]} [scriptHashes]
 * @returns {Headers}
 */
function securityHeaders(settings, registry, nonce, scriptHashes = []) {
  const apiOrigin = originOf(settings.config.apiBaseUrl);
  // issue 44: the configured tile host only (a `{s}` subdomain as a wildcard), no fixed provider
  const tileOrigin = tileSource(settings.config.tileUrl);
  const remoteOrigins = Object.values(registry).map(originOf).filter(Boolean);
  // the page's data script by its hash; React's own (a render left partly to the browser) by the nonce
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes, ...new Set(remoteOrigins)].join(' ');
  const connect = ["'self'", apiOrigin, ...new Set(remoteOrigins)].filter(Boolean).join(' ');
  const img = ["'self'", 'data:', 'blob:', apiOrigin, tileOrigin].filter(Boolean).join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src ${scripts}`,
      // antd writes its CSS-in-JS into <style> elements
      "style-src 'self' 'unsafe-inline'",
      `img-src ${img}`,
      `connect-src ${connect}`,
      "worker-src 'self' blob:",
      // issue 47: a listing's video or tour player, framed only after the visitor's tap
      `frame-src ${mediaEmbeds.EMBED_ORIGINS.join(' ')}`,
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...extraSecurityHeaders(settings.siteUrl),
  };
}

const NO_CACHE = 'no-cache, no-store, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** @param {string} relPath */
function cacheControlFor(relPath) {
  if (/(^|\/)chunks\//.test(relPath) || /(^|\/)assets\//.test(relPath)) return IMMUTABLE;
  if (/\.[0-9a-f]{10}\.(js|css)$/.test(relPath)) return IMMUTABLE;
  if (/\/v\/[^/]+\//.test(relPath) && !/remoteEntry\.js$|mf-manifest\.json$/.test(relPath)) return IMMUTABLE;
  return NO_CACHE;
}

/** @type {Map<string, Buffer>} */
const gzipCache = new Map();
/**
 * @param {string} file
 * @param {fs.Stats} stat
 * @param {Buffer} body
 */
function gzipped(file, stat, body) {
  const key = `${file}:${stat.mtimeMs}:${stat.size}`;
  let out = gzipCache.get(key);
  if (!out) {
    out = zlib.gzipSync(body, { level: 9 });
    gzipCache.set(key, out);
  }
  return out;
}

/**
 * @param {Request} req
 * @param {Response} res
 * @param {number} status
 * @param {Headers} headers
 * @param {Buffer} body
 * @param {string} ext
 * @param {{ file: string, stat: fs.Stats }} [source] the file the body is, when its gzip may be kept (gzipCache)
 */
function send(req, res, status, headers, body, ext, source) {
  const acceptsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  if (acceptsGzip && COMPRESSIBLE.has(ext) && body.length > 1024 && source) {
    body = gzipped(source.file, source.stat, body);
    headers['content-encoding'] = 'gzip';
    headers.vary = 'Accept-Encoding';
  }
  headers['content-length'] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The pages of the page manifest (shared-contracts/src/page-manifest.js): the server renders the
 * `ssr` ones (home, detail, landing pages) and 404s; the others get the plain shell at once.
 * /__error: the error screen's test route (PORTAL_TEST_ROUTES), rendered by the browser.
 */
const TEST_ROUTE = /^\/__error$/;
const CLIENT_ROUTES = [...PAGES.filter((p) => !p.ssr).map((p) => pathPattern(p.path)), TEST_ROUTE];
const KNOWN_ROUTES = [...PAGES.map((p) => pathPattern(p.path)), TEST_ROUTE];
/** @param {string} p */
const isKnownClientRoute = (p) => KNOWN_ROUTES.some((r) => r.test(p));

/**
 * @param {string} base
 * @param {string} rel
 */
function safeJoin(base, rel) {
  const target = path.resolve(base, '.' + path.posix.normalize('/' + rel));
  return target.startsWith(base + path.sep) || target === base ? target : null;
}

/** @type {WeakMap<http.Server, (graceMs: number) => Promise<void>>} */
const closers = new WeakMap();

/** @param {{ logStream?: import('pino').DestinationStream }} [opts] where the JSON log goes (tests); stdout otherwise */
export function createSiteServer(settings = siteSettings(), opts = {}) {
  const shellDist = path.join(ROOT, 'shell', 'dist');
  const log = createSiteLogger(settings.ops, opts.logStream);
  const metrics = createSiteMetrics();
  const remotes = createLiveRegistry(settings.remotes, { log });
  /** Issue 45: set on SIGTERM; /readyz then answers 503 "closing" (ops.mjs). */
  const lifecycle = { closing: false };
  /** @type {{ mtimeMs: number, template: import('./page-html.mjs').Template, body: Buffer, file: string, stat: fs.Stats } | null} */
  let indexCache = null;
  if (settings.config.testRoutes) log.warn('[site] PORTAL_TEST_ROUTES=1: rutas de prueba activas (/__error); solo para las pruebas del navegador, nunca en producción');

  /** index.html in pieces (page-html.mjs) and as the plain shell the browser renders. */
  function indexHtml() {
    const file = path.join(shellDist, 'index.html');
    const stat = fs.statSync(file);
    if (!indexCache || indexCache.mtimeMs !== stat.mtimeMs) {
      const template = compileTemplate(fs.readFileSync(file, 'utf8'), settings.siteUrl);
      indexCache = { mtimeMs: stat.mtimeMs, template, body: Buffer.from(pageHtml(template)), file, stat };
    }
    return indexCache;
  }

  /**
   * A registry path (/remotes/<app>/...) -> the file; `serverBuild` admits the Node builds.
   * @param {string} urlPath
   */
  function resolveFile(urlPath, { serverBuild = false } = {}) {
    // the Node builds (dist/server, <version>/server) are read by the renderer, never served
    if (!serverBuild && /(^|\/)server\//.test(urlPath)) return null;
    // /remotes/<app>/... -> published versions under DATA_DIR, else the app's own dist
    const m = /^\/remotes\/([^/]+)\/(.*)$/.exec(urlPath);
    if (m) {
      const [, app, rest] = m;
      if (!REMOTE_APPS.some((remote) => remote.dir === app)) return null;
      const v = /^v\/(.+)$/.exec(rest);
      if (v) return safeJoin(path.join(remotes.versionsDir, app), v[1]);
      return safeJoin(path.join(ROOT, app, 'dist'), rest);
    }
    return safeJoin(shellDist, urlPath.slice(1));
  }

  const ssr = createSsr(settings, { shellDist, log, metrics });
  const ready = createReadiness({ apiUrl: ssr.apiUrl, shellDist, log, registryLoaded: remotes.loaded });

  /**
   * The server builds the renderer loads: remote name -> absolute path of its remoteEntry.js.
   * @param {Registry} registry
   */
  function serverRegistry(registry) {
    /** @type {Record<string, string>} */
    const out = {};
    for (const [name, e] of Object.entries(registry)) {
      const file = e.serverEntry ? resolveFile(e.serverEntry, { serverBuild: true }) : null;
      if (file && fs.existsSync(file)) out[name] = file;
    }
    return out;
  }

  /**
   * @param {Request} req
   * @param {Response} res
   * @param {Registry} registry
   * @param {string} urlPath
   */
  async function sendPage(req, res, registry, urlPath) {
    const nonce = newNonce();
    const index = indexHtml();
    let page = null;
    const serverRendered = !CLIENT_ROUTES.some((r) => r.test(urlPath));
    const started = performance.now();
    try {
      // the pages the browser renders (account, publish) get the plain shell at once
      if (serverRendered)
        page = await ssr.renderPage(req.url ?? '/', { template: index.template, templateVersion: index.mtimeMs, registry: { browser: browserRegistry(registry), server: serverRegistry(registry) }, nonce, requestId: requestIdFor(req) });
      if (serverRendered && !page) metrics.fallback('no-build');
    } catch (err) {
      metrics.fallback('error');
      log.error({ reqId: requestIdFor(req), err }, '[ssr] render failed; the browser renders the page');
    }
    if (page) metrics.render(page.status, performance.now() - started);
    // a page shared caches may keep carries no nonce: a nonce known to everyone admits nothing safely
    const headers = securityHeaders(settings, browserRegistry(registry), page?.shareable ? undefined : nonce, page?.scriptHashes);
    if (!page) {
      // a page the browser renders (account, publish), or no server build: the plain shell
      const status = isKnownClientRoute(urlPath) ? 200 : 404;
      return send(req, res, status, { ...headers, 'content-type': TYPES['.html'], 'cache-control': NO_CACHE }, index.body, '.html', { file: index.file + '#index', stat: index.stat });
    }
    const body = page.body;
    const gz = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') ? page.gzipped() : null;
    res.writeHead(page.status, {
      ...headers,
      'content-type': TYPES['.html'],
      // issue 45: anonymous complete pages are cacheable a short time by a CDN (ops.mjs)
      'cache-control': pageCacheControl(settings.ops, req, page),
      vary: 'Accept-Encoding',
      ...(gz ? { 'content-encoding': 'gzip' } : {}),
      'content-length': (gz ?? body).length,
    });
    res.end(req.method === 'HEAD' ? undefined : (gz ?? body));
  }

  /**
   * @param {Request} req
   * @param {Response} res
   * @param {Headers} headers
   * @param {string} urlPath
   */
  async function sendSitemap(req, res, headers, urlPath) {
    try {
      const mod = await ssr.serverBuildModule();
      const xml = mod ? await sitemapFor(urlPath, { siteUrl: settings.siteUrl, apiUrl: ssr.apiUrl, siteKey: ssr.siteKey, landingPath: await mod.loadLandingPath(), requestId: requestIdFor(req) }) : null;
      if (xml === null) {
        res.writeHead(404, { ...headers, 'content-type': TYPES['.txt'], 'cache-control': NO_CACHE });
        return res.end('Not found');
      }
      const body = Buffer.from(xml);
      const gz = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') ? zlib.gzipSync(body, { level: 6 }) : null;
      res.writeHead(200, { ...headers, 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600', vary: 'Accept-Encoding', ...(gz ? { 'content-encoding': 'gzip' } : {}), 'content-length': (gz ?? body).length });
      res.end(req.method === 'HEAD' ? undefined : (gz ?? body));
    } catch (err) {
      log.error({ reqId: requestIdFor(req), err: { message: err instanceof Error ? err.message : String(err) } }, '[sitemap] failed');
      res.writeHead(503, { ...headers, 'content-type': TYPES['.txt'], 'cache-control': NO_CACHE, 'retry-after': '60' });
      res.end('Sitemap no disponible en este momento');
    }
  }

  /**
   * @param {Request} req
   * @param {Response} res
   * @param {{ fetched?: boolean }} [attempt] a published version's file was just copied from the bucket
   */
  const handle = (req, res, attempt = {}) => {
    // a bucket's registry: nothing is served before it is read (else the local builds would be)
    if (!remotes.loaded()) {
      void remotes.whenLoaded(REGISTRY_WAIT_MS).then((loaded) => {
        if (loaded) return handle(req, res, attempt);
        res.writeHead(503, { 'content-type': TYPES['.txt'], 'cache-control': NO_CACHE, 'retry-after': '5' });
        res.end('Servicio no disponible: el registro de remotes no se pudo leer');
      });
      return;
    }
    const registry = readRegistry(remotes.current());
    const headers = securityHeaders(settings, browserRegistry(registry));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD' });
      return res.end();
    }
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400, headers);
      return res.end('Bad request');
    }
    if (urlPath.includes('\0')) {
      res.writeHead(400, headers);
      return res.end('Bad request');
    }
    if (settings.production && hiddenInProduction(urlPath)) {
      res.writeHead(404, { ...headers, 'content-type': TYPES['.txt'], 'cache-control': NO_CACHE });
      return res.end('Not found');
    }
    if (urlPath === '/config.json') {
      return send(req, res, 200, { ...headers, 'content-type': TYPES['.json'], 'cache-control': NO_CACHE }, Buffer.from(JSON.stringify(settings.config)), '.json');
    }
    if (urlPath === '/registry.json') {
      return send(req, res, 200, { ...headers, 'content-type': TYPES['.json'], 'cache-control': NO_CACHE }, Buffer.from(JSON.stringify(browserRegistry(registry))), '.json');
    }
    if (urlPath === '/robots.txt') {
      return send(req, res, 200, { ...headers, 'content-type': TYPES['.txt'], 'cache-control': 'public, max-age=3600' }, Buffer.from(robotsTxt(settings.siteUrl)), '.txt');
    }
    if (/^\/sitemap[a-z0-9-]*\.xml$/.test(urlPath)) {
      void sendSitemap(req, res, headers, urlPath);
      return;
    }
    if (urlPath === '/healthz') {
      return send(req, res, 200, { ...headers, 'content-type': TYPES['.txt'], 'cache-control': NO_CACHE }, Buffer.from('ok'), '.txt');
    }
    const file = urlPath === '/' || urlPath === '/index.html' ? null : resolveFile(urlPath);
    if (file) {
      let stat;
      try {
        stat = fs.statSync(file);
      } catch {
        stat = null;
      }
      if (stat?.isFile()) {
        const ext = path.extname(file).toLowerCase();
        const rel = path.relative(ROOT, file).split(path.sep).join('/');
        const extra = urlPath.startsWith('/remotes/') ? { 'access-control-allow-origin': '*' } : {};
        return send(req, res, 200, { ...headers, ...extra, 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': cacheControlFor(rel) }, fs.readFileSync(file), ext, { file, stat });
      }
      // a version this server has not copied yet (a browser still on the previous one): from the bucket
      const version = /^\/remotes\/([^/]+)\/v\/([^/]+)\//.exec(urlPath);
      if (version && remotes.fetchVersion && !attempt.fetched) {
        remotes.fetchVersion(version[1], version[2]).then(
          () => handle(req, res, { fetched: true }),
          (err) => {
            log.error({ reqId: requestIdFor(req), err: { message: err instanceof Error ? err.message : String(err) } }, '[remotes] no se pudo copiar la versión del bucket');
            res.writeHead(503, { ...headers, 'content-type': TYPES['.txt'], 'cache-control': NO_CACHE, 'retry-after': '5' });
            res.end('Servicio no disponible');
          },
        );
        return;
      }
      // A missing asset is a 404, never the HTML fallback (a script must not get HTML).
      if (path.extname(urlPath) || urlPath.startsWith('/remotes/')) {
        res.writeHead(404, { ...headers, 'content-type': TYPES['.txt'], 'cache-control': NO_CACHE });
        return res.end('Not found');
      }
    }
    sendPage(req, res, registry, urlPath).catch((err) => {
      log.error({ reqId: requestIdFor(req), err }, '[site] page failed');
      if (!res.headersSent) res.writeHead(500, { ...headers, 'content-type': TYPES['.txt'] });
      res.end();
    });
  };
  const server = http.createServer(withOps({ ops: settings.ops, site: settings, log, metrics, ready, lifecycle }, (req, res) => handle(req, res)));
  // longer than clients' idle keep-alive: a reused connection is never closed under a request
  server.keepAliveTimeout = 65_000;
  server.once('close', () => remotes.close());
  closers.set(server, async (graceMs) => {
    lifecycle.closing = true;
    log.info({ graceMs }, '[site] cerrando: /readyz responde 503; se sigue atendiendo durante la espera');
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    // stops listening, ends idle connections, waits for the requests in flight
    await new Promise((resolve) => server.close(resolve));
  });
  return server;
}

/** How long a request waits for a bucket's first registry read before a 503. */
const REGISTRY_WAIT_MS = 5_000;
/** Past the grace, the longest the close may take (requests in flight), as the API's budget. */
const SHUTDOWN_BUDGET_MS = 15_000;

/**
 * Issue 45: the site server's stop on SIGTERM, as the API's (api/src/shutdown.ts): /readyz answers
 * 503 "closing" at once, every request is still served for `graceMs` (with `Connection: close`),
 * then the port closes and the requests in flight finish.
 * @param {http.Server} server a server made by createSiteServer
 * @param {number} graceMs
 */
export function closeSiteServer(server, graceMs) {
  const close = closers.get(server);
  return close ? close(graceMs) : new Promise((resolve) => server.close(resolve));
}

/** The settings, or the process ends with their error (exit 1): a bad variable stops the start. @param {NodeJS.ProcessEnv} [env] */
export function siteSettingsOrExit(env = process.env) {
  try {
    return siteSettings(env);
  } catch (err) {
    console.error(`[site] Configuración no válida: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const settings = siteSettingsOrExit();
  const server = createSiteServer(settings);
  server.listen(settings.port, settings.host, () => {
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : settings.port;
    console.log(JSON.stringify({ level: 30, time: Date.now(), service: 'site', msg: `[site] ${settings.siteUrl} (listening on ${settings.host}:${port})` }));
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const graceMs = settings.ops.shutdownGraceMs;
    setTimeout(() => {
      console.error(JSON.stringify({ level: 50, time: Date.now(), service: 'site', msg: `[site] el cierre superó su plazo de ${SHUTDOWN_BUDGET_MS} ms: salida forzada` }));
      process.exit(1);
    }, graceMs + SHUTDOWN_BUDGET_MS).unref();
    void closeSiteServer(server, graceMs).then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
