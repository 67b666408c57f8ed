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

module.exports = { SITE_KEY_HEADER, REQUEST_ID_HEADER, REQUEST_ID_MAX, acceptedRequestId };
