// @ts-check
/**
 * The site server's operations surface (issue 45; docs/decisions/0029-operations.md):
 * - request ids: the caller's X-Request-Id when it is a safe token (shared-contracts/src/site-server.js),
 *   else a new UUID; echoed, logged, and forwarded to the API calls of the page's server render;
 * - JSON logs (pino) with one access line per request (id, method, path, route, status, ms);
 * - /livez (the process answers) and /readyz (the API's /readyz answers 200, the server builds
 *   exist and a bucket's registry has been read; remembered READY_CACHE_MS so a flood of probes is
 *   not a flood of API calls); 503 "closing" from SIGTERM on (SHUTDOWN_GRACE_MS, as the API);
 * - /metrics (prom-client) with the same access rule as the API's: METRICS_TOKEN as a bearer
 *   token, or without one only a loopback client of a local site; otherwise 404.
 * - the Cache-Control of a server-rendered page (pageCacheControl).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import client from 'prom-client';
import pageManifest from '../../shared-contracts/src/page-manifest.js';
import siteServer from '../../shared-contracts/src/site-server.js';

const { PAGES, pathPattern } = pageManifest;
export const { REQUEST_ID_HEADER, acceptedRequestId, shutdownGraceMs } = siteServer;

/** @typedef {import('node:http').IncomingMessage} Request */

/** @param {Request} req */
export const requestIdOf = (req) => acceptedRequestId(req.headers[REQUEST_ID_HEADER]) ?? crypto.randomUUID();

/**
 * @param {string} name
 * @param {string | undefined} value
 * @param {number} fallback
 */
function seconds(name, value, fallback) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 86_400) throw new Error(`${name} debe ser un número entero de segundos entre 0 y 86400, no "${value}"`);
  return n;
}

/** The operations settings from the environment; a bad value throws with the variable's name. @param {NodeJS.ProcessEnv} env */
export function opsSettings(env) {
  const token = env.METRICS_TOKEN ?? '';
  if (token !== '' && token.length < 24) throw new Error('METRICS_TOKEN debe tener al menos 24 caracteres');
  return {
    metricsToken: token,
    /** s-maxage of an anonymous server-rendered page (0: no shared caching, as before issue 45). */
    pageCacheSeconds: seconds('PAGE_CACHE_SECONDS', env.PAGE_CACHE_SECONDS, 30),
    /** stale-while-revalidate of the same pages. */
    pageStaleSeconds: seconds('PAGE_STALE_SECONDS', env.PAGE_STALE_SECONDS, 60),
    logLevel: env.LOG_LEVEL ?? 'info',
    /** After SIGTERM, ms of serving with /readyz 503 before the port closes (the API's rule, shared-contracts). */
    shutdownGraceMs: shutdownGraceMs(env),
  };
}

/** @param {{ logLevel: string }} ops @param {import('pino').DestinationStream} [stream] */
export function createSiteLogger(ops, stream) {
  return pino({ level: ops.logLevel, base: { service: 'site' } }, stream ?? pino.destination(1));
}

const KNOWN_PAGES = PAGES.map((p) => ({ path: p.path, pattern: pathPattern(p.path) }));
const FIXED = new Set(['/', '/config.json', '/registry.json', '/robots.txt', '/healthz', '/livez', '/readyz', '/metrics']);

/** The route label of a path: a fixed address, a page's pattern, or a kind; never the raw path (bounded labels). @param {string} urlPath */
export function routeLabel(urlPath) {
  if (FIXED.has(urlPath)) return urlPath;
  if (/^\/sitemap[a-z0-9-]*\.xml$/.test(urlPath)) return '/sitemap*.xml';
  if (urlPath.startsWith('/remotes/')) return '/remotes/*';
  const page = KNOWN_PAGES.find((p) => p.pattern.test(urlPath));
  if (page) return page.path;
  return path.extname(urlPath) ? 'static' : '__unknown__';
}

export function createSiteMetrics() {
  const registry = new client.Registry();
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Histogram({ name: 'http_request_duration_seconds', help: 'Site requests by route and status', labelNames: ['method', 'route', 'status_code'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers });
  const renders = new client.Histogram({ name: 'ssr_render_duration_seconds', help: 'Server renders of a page (cache hits included)', labelNames: ['status_code'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers });
  const fallbacks = new client.Counter({ name: 'ssr_fallbacks_total', help: 'Server-rendered pages the browser had to render instead, by reason', labelNames: ['reason'], registers });
  for (const reason of ['error', 'no-build', 'too-large']) fallbacks.inc({ reason }, 0);
  return {
    registry,
    /** @param {string} method @param {string} route @param {number} status @param {number} ms */
    request: (method, route, status, ms) => requests.observe({ method, route, status_code: String(status) }, ms / 1000),
    /** @param {number} status @param {number} ms */
    render: (status, ms) => renders.observe({ status_code: String(status) }, ms / 1000),
    /** @param {'error' | 'no-build' | 'too-large'} reason */
    fallback: (reason) => fallbacks.inc({ reason }),
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** @param {string} s */
const digest = (s) => crypto.createHash('sha256').update(s).digest();

/**
 * Who may read /metrics: 'allowed', 'unauthorized' (401) or 'hidden' (404).
 * @param {{ metricsToken: string }} ops @param {{ production: boolean, siteUrl: string }} site @param {Request} req
 */
export function metricsAccess(ops, site, req) {
  if (ops.metricsToken) {
    const m = /^Bearer ([^\s]+)$/.exec(req.headers.authorization ?? '');
    return m && crypto.timingSafeEqual(digest(m[1]), digest(ops.metricsToken)) ? 'allowed' : 'unauthorized';
  }
  const local = !site.production && /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(site.siteUrl);
  return local && LOOPBACK.has(req.socket.remoteAddress ?? '') ? 'allowed' : 'hidden';
}

const READY_CACHE_MS = 2_000;
const READY_API_TIMEOUT_MS = 2_000;

/**
 * Readiness: the API answers its /readyz with 200, the shell's builds (index.html and the server
 * build) are there, and the remote registry has been read (a bucket's, live-registry.mjs; a
 * directory's always is). Each answer is remembered READY_CACHE_MS.
 * @param {{ apiUrl: string, shellDist: string, log: import('pino').Logger, registryLoaded: () => boolean }} opts
 */
export function createReadiness({ apiUrl, shellDist, log, registryLoaded }) {
  /** @type {{ at: number, value: Promise<{ ready: boolean, checks: { api: boolean, builds: boolean, registry: boolean } }> } | null} */
  let last = null;
  async function check() {
    const builds = ['index.html', path.join('server', 'server.js')].every((f) => fs.existsSync(path.join(shellDist, f)));
    let api = false;
    try {
      const res = await fetch(`${apiUrl}/readyz`, { signal: AbortSignal.timeout(READY_API_TIMEOUT_MS) });
      api = res.status === 200;
      await res.body?.cancel();
    } catch (err) {
      log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'readiness: la API no responde');
    }
    const registry = registryLoaded();
    return { ready: api && builds && registry, checks: { api, builds, registry } };
  }
  return () => {
    if (!last || Date.now() - last.at > READY_CACHE_MS) last = { at: Date.now(), value: check() };
    return last.value;
  };
}

/**
 * Cache-Control of a server-rendered page. Shared caches (a CDN) may keep it for a short time only
 * when it is the same for everyone: a 200, a complete render (no per-response nonce in it), and a
 * request without credentials (no Authorization, no Cookie: the portal's session is a bearer
 * token the browser keeps, so a page request never carries one; anything that does is kept private).
 * @param {{ pageCacheSeconds: number, pageStaleSeconds: number }} ops
 * @param {Request} req
 * @param {{ status: number, shareable?: boolean }} page
 */
export function pageCacheControl(ops, req, page) {
  const anonymous = !req.headers.authorization && !req.headers.cookie;
  if (!anonymous) return 'private, no-store';
  if (page.status !== 200 || !page.shareable || ops.pageCacheSeconds === 0) return 'no-cache, no-store, must-revalidate';
  return `public, max-age=0, s-maxage=${ops.pageCacheSeconds}, stale-while-revalidate=${ops.pageStaleSeconds}`;
}

/** @type {WeakMap<Request, string>} */
const ids = new WeakMap();
/** The request's id (set by withOps). @param {Request} req */
export const requestIdFor = (req) => ids.get(req) ?? '';

/**
 * Wraps the site's request handler: the request id (echoed), the operations routes (/livez,
 * /readyz, /metrics), and on finish the access log line and the request histogram.
 * @param {{ ops: ReturnType<typeof opsSettings>, site: { production: boolean, siteUrl: string }, log: import('pino').Logger, metrics: ReturnType<typeof createSiteMetrics>, ready: ReturnType<typeof createReadiness>, lifecycle: { closing: boolean } }} ctx
 * @param {(req: Request, res: import('node:http').ServerResponse) => void} handler
 * @returns {(req: Request, res: import('node:http').ServerResponse) => void}
 */
export function withOps(ctx, handler) {
  return (req, res) => {
    const started = performance.now();
    const id = requestIdOf(req);
    ids.set(req, id);
    res.setHeader(REQUEST_ID_HEADER, id);
    // during the shutdown grace: answered, then the connection closes (the next request goes elsewhere)
    if (ctx.lifecycle.closing) res.setHeader('connection', 'close');
    let urlPath = '/';
    try {
      urlPath = new URL(req.url ?? '/', 'http://x').pathname;
    } catch {
      urlPath = '/';
    }
    res.once('finish', () => {
      const ms = performance.now() - started;
      const route = routeLabel(urlPath);
      if (route !== '/metrics') ctx.metrics.request(req.method ?? 'GET', route, res.statusCode, ms);
      // the path without its query (a query may hold anything a visitor typed)
      ctx.log.info({ reqId: id, method: req.method, path: urlPath.slice(0, 512), route, status: res.statusCode, ms: Math.round(ms) }, 'request completed');
    });
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (urlPath === '/livez') return json(res, 200, { status: 'ok' });
      if (urlPath === '/readyz') {
        if (ctx.lifecycle.closing) return json(res, 503, { status: 'closing' });
        ctx.ready().then(
          (r) => json(res, r.ready ? 200 : 503, { status: r.ready ? 'ready' : 'unavailable', checks: r.checks }),
          () => json(res, 503, { status: 'unavailable' }),
        );
        return;
      }
      if (urlPath === '/metrics') return void sendMetrics(ctx, req, res);
    }
    handler(req, res);
  };
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** @param {Parameters<typeof withOps>[0]} ctx @param {Request} req @param {import('node:http').ServerResponse} res */
async function sendMetrics(ctx, req, res) {
  const access = metricsAccess(ctx.ops, ctx.site, req);
  if (access === 'hidden') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    return res.end('Not found');
  }
  if (access === 'unauthorized') {
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'www-authenticate': 'Bearer' });
    return res.end('No autorizado');
  }
  const body = await ctx.metrics.registry.metrics();
  res.writeHead(200, { 'content-type': ctx.metrics.registry.contentType, 'cache-control': 'no-store' });
  res.end(body);
}
