// @ts-check
/**
 * THE WEB APPS: the shell and every remote, each with its federation name, its folder and the port
 * of its dev server. The one list of remotes (issue 41); what each remote exposes is in the page
 * manifest (page-manifest.js, its pages and components). Everything that names the apps reads
 * them here (docs/decisions/0021-one-list-of-remotes.md):
 *  - the site server: the remotes it serves under /remotes/<folder>/ and its default registry;
 *  - the build, start and dev scripts (scripts/apps.mjs) and `npm run remote` (scripts/remotes.ts);
 *  - each app's webpack config: name, dev port, exposes, Node build (webpack.base.js `configFor`);
 *  - jest's roots, ESLint's per-remote rules, the browser tests' standalone servers, the API's
 *    development CORS origins.
 * What cannot read it (the workspaces in package.json, the dev registry shell/public/registry.json,
 * the standalone harnesses' public/config.json) is compared with it by web-apps.test.ts.
 *
 * Plain CommonJS data, as page-manifest.js: node, webpack, jest, ESLint and TypeScript read it as is.
 */
'use strict';

/**
 * @typedef {object} WebApp
 * @property {string} name  federation name: the registry's key, the `<name>/<expose>` the shell loads
 * @property {string} dir  its folder from the repository root, also its npm workspace's name
 * @property {number} devPort  its webpack dev server: `npm run dev`, and `npm run standalone -w <dir>` (QA)
 * @property {boolean} serverBuild  also built for Node: it draws part of a server-rendered page
 */

const REMOTE_LIST = /** @type {const} */ ([
  // home: search, results, map, landing pages (server-rendered)
  { name: 'mf_search', dir: 'mf-search', devPort: 3001, serverBuild: true },
  // listing detail (server-rendered), favourites, and the listing card of every list, the home's included
  { name: 'mf_listing', dir: 'mf-listing', devPort: 3002, serverBuild: true },
  // account pages, plans, saved searches, moderation
  { name: 'mf_account', dir: 'mf-account', devPort: 3003, serverBuild: false },
  // add, edit, renew and my listings
  { name: 'mf_publish', dir: 'mf-publish', devPort: 3004, serverBuild: false },
]);

/** A remote's federation name: `mf_search`, … */
/** @typedef {(typeof REMOTE_LIST)[number]['name']} RemoteName */
/** A remote's folder: `mf-search`, … */
/** @typedef {(typeof REMOTE_LIST)[number]['dir']} RemoteDir */
/** @typedef {WebApp & { name: RemoteName, dir: RemoteDir }} RemoteApp */

/** @type {WebApp} */
const SHELL_APP = { name: 'shell', dir: 'shell', devPort: 3000, serverBuild: true };

/** @type {readonly RemoteApp[]} */
const REMOTE_APPS = REMOTE_LIST;

/** @type {readonly WebApp[]} */
const WEB_APPS = [SHELL_APP, ...REMOTE_APPS];

module.exports = { SHELL_APP, REMOTE_APPS, WEB_APPS };
