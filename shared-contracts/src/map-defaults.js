// @ts-check
/**
 * The map tiles used when TILE_URL is not set: read by the contracts' runtime-config defaults and
 * by the site server (plain node, which serves it in /config.json and admits its origin in the
 * CSP), so the default is written once. Plain CommonJS, as page-manifest.js.
 */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

module.exports = { DEFAULT_TILE_URL };
