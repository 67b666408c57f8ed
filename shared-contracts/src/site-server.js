/**
 * How the site server makes itself known to the API (issue 40): its server-rendering and sitemap
 * calls carry SITE_API_KEY in this header, and the API then does not count them as one visitor's
 * searches (every visitor of a server-rendered page reaches the API through the site server).
 * Read by the API, the shell's renderer and the site server (plain node), so written once.
 * Plain CommonJS, as page-manifest.js.
 */
const SITE_KEY_HEADER = 'x-portal-site-key';

module.exports = { SITE_KEY_HEADER };
