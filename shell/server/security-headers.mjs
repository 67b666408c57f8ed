// @ts-check
/**
 * What the production site server adds to, and holds back from, the base headers (issue 19,
 * item 9), kept apart from site-server.mjs so its rewrite can hook it in with two lines:
 * - HSTS when the site's public address is https (a browser then never tries plain http again);
 * - a Permissions-Policy allowing only what the portal uses (geolocation for "Mi ubicación" on the
 *   map, on its own origin), nothing else (camera, microphone, payment, USB...);
 * - in production (NODE_ENV=production, or a site address that is not local), no source maps and no
 *   standalone QA harness page of a remote: they are for development and map the code for attackers.
 */
import path from 'node:path';

/**
 * True for a site on this machine (development, e2e): everything is served as before.
 * @param {string} siteUrl
 */
export function isLocalSite(siteUrl) {
  const host = new URL(siteUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/**
 * @param {string} siteUrl
 * @param {NodeJS.ProcessEnv} [env]
 */
export function isProductionSite(siteUrl, env = process.env) {
  return env.NODE_ENV === 'production' || !isLocalSite(siteUrl);
}

const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/**
 * Headers every answer of the site carries on top of site-server.mjs's own.
 * @param {string} siteUrl
 * @returns {Record<string, string>}
 */
export function extraSecurityHeaders(siteUrl) {
  /** @type {Record<string, string>} */
  const headers = { 'permissions-policy': PERMISSIONS_POLICY };
  if (new URL(siteUrl).protocol === 'https:') headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/**
 * Paths a production site answers 404: source maps and the remotes' standalone harness pages, in
 * any spelling that reaches the same file (issue 40: /main.js.map/ and /main.js.map%2f were
 * served). `urlPath` is decoded; it is judged as the file lookup reads it: dot segments and
 * repeated or trailing slashes resolved, and in any case (a case-insensitive disk serves
 * MAIN.JS.MAP too).
 * @param {string} urlPath
 */
export function hiddenInProduction(urlPath) {
  const file = path.posix.normalize(urlPath).replace(/\/+$/, '').toLowerCase();
  if (file.endsWith('.map')) return true;
  return /^\/remotes\/[^/]+(\/v\/[^/]+)?(\/index\.html)?$/.test(file);
}
