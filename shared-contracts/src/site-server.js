/**
 * How the site server makes itself known to the API (issue 40): its server-rendering and sitemap
 * calls carry SITE_API_KEY in this header, and the API then does not count them as one visitor's
 * searches (every visitor of a server-rendered page reaches the API through the site server).
 * Read by the API, the shell's renderer and the site server (plain node), so written once.
 * Plain CommonJS, as page-manifest.js.
 *
 * Issue 45: the request id both servers accept, echo and log, and the site server forwards to the
 * API calls of a server render. A caller's id is hostile input: only a short token of safe
 * characters is kept (never trimmed or escaped: replaced).
 */
const SITE_KEY_HEADER = 'x-portal-site-key';

const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_MAX = 128;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

/**
 * The caller's request id when acceptable (1 to REQUEST_ID_MAX characters of [A-Za-z0-9._:-], one
 * header), else null: the server then makes its own.
 * @param {string | string[] | undefined} value
 * @returns {string | null}
 */
function acceptedRequestId(value) {
  if (typeof value !== 'string' || value.length === 0 || value.length > REQUEST_ID_MAX) return null;
  return REQUEST_ID_PATTERN.test(value) ? value : null;
}

/** Behind a load balancer, the time it takes to notice a /readyz 503 (a few probe periods). */
const PRODUCTION_SHUTDOWN_GRACE_MS = 5000;

/**
 * Issue 45: SHUTDOWN_GRACE_MS, how long the API and the site server keep serving after SIGTERM
 * with /readyz already answering 503 "closing", before they stop listening (the load balancer
 * stops sending them requests in that time). The same rule for both processes: default 5000 with
 * NODE_ENV=production, 0 otherwise (a developer's Ctrl-C stops at once); 0 to 60000.
 * @param {Record<string, string | undefined>} env
 * @returns {number}
 */
function shutdownGraceMs(env) {
  const value = env.SHUTDOWN_GRACE_MS ?? '';
  if (value === '') return env.NODE_ENV === 'production' ? PRODUCTION_SHUTDOWN_GRACE_MS : 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 60000) throw new Error(`SHUTDOWN_GRACE_MS debe ser un entero entre 0 y 60000 (ms), no "${value}"`);
  return n;
}

module.exports = { SITE_KEY_HEADER, REQUEST_ID_HEADER, REQUEST_ID_MAX, acceptedRequestId, shutdownGraceMs };
