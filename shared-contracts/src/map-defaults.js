// @ts-check
/**
 * The map tiles used when TILE_URL is not set: read by the contracts' runtime-config defaults and
 * by the site server (plain node, which serves it in /config.json and admits its origin in the
 * CSP), so the default is written once. Plain CommonJS, as page-manifest.js.
 */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The credit the default tiles require (HTML, shown by the map in its corner); TILE_ATTRIBUTION replaces it. */
const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * The content-security-policy source of a tile URL: its origin, with a subdomain placeholder
 * (`https://{s}.tile.example.com/…`) as a wildcard (`https://*.tile.example.com`); null when it is
 * not a URL.
 * @param {string} tileUrl
 * @returns {string | null}
 */
function tileSource(tileUrl) {
  try {
    const url = new URL(tileUrl.replace(/\{[a-z]\}/g, 'a'));
    const host = /^[a-z]+:\/\/([^/]*)/i.exec(tileUrl)?.[1] ?? '';
    return /^\{[a-z]\}\./.test(host) ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin;
  } catch {
    return null;
  }
}

module.exports = { DEFAULT_TILE_URL, DEFAULT_TILE_ATTRIBUTION, tileSource };
