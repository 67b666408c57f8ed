// @ts-check
/**
 * The modules the web apps share as ONE copy at run time (Module Federation singletons): the one
 * list, read by webpack.base.js (the shared config of every build), by the contract check
 * (remote-contract.ts) and by `npm run remote -- check` (scripts/remotes.ts) for the versions.
 * antd is shared too, per component and provided by the shell only (webpack.base.js, decision 0002).
 *
 *   name     the share key ('react/' with a slash: the package's subpaths, react/jsx-runtime)
 *   package  where the version comes from: an installed package or a workspace package
 *   checked  the contract check requires a remote to share it, with the shell's major version
 *            (a second copy would break: two Reacts, two stores, two router contexts, two ApiError classes)
 *   shell    PROVIDED BY THE SHELL ONLY (shell/src/shell-provides.ts), as antd is: the remotes'
 *            browser builds leave it out (import: false) unless they run standalone, so one copy ships
 */
'use strict';

/**
 * @typedef {object} SharedModule
 * @property {string} name
 * @property {string} package
 * @property {boolean} checked
 * @property {boolean} [shell]
 */

/** @type {readonly SharedModule[]} */
const SHARED_MODULES = [
  { name: 'react', package: 'react', checked: true },
  { name: 'react/', package: 'react', checked: false },
  { name: 'react-dom', package: 'react-dom', checked: true },
  { name: 'react-dom/', package: 'react-dom', checked: false },
  { name: 'zustand', package: 'zustand', checked: true },
  { name: 'shared-contracts', package: 'shared-contracts', checked: true },
  // zod and the schemas: one copy, fetched only by the screens that validate (decision 0004); a
  // second copy would still work, and a remote that validates nothing (mf-listing) does not list it
  { name: 'shared-contracts/schemas', package: 'shared-contracts', checked: false },
  { name: 'web-runtime/store', package: 'web-runtime', checked: true },
  // react-router reaches every app through this re-export, tree-shaken (decision 0004)
  { name: 'web-runtime/router', package: 'web-runtime', checked: true },
  // the photo carousel (react-slick): one copy for the listing cards, the detail and the map's
  // popups, loaded after the first paint (issue 47; each remote used to ship its own 19 KB gzip)
  { name: 'web-runtime/photo-slider', package: 'web-runtime', checked: false, shell: true },
  // the full-screen gallery (antd's Image preview): fetched when a gallery is opened (issue 47)
  { name: 'web-runtime/photo-gallery', package: 'web-runtime', checked: false, shell: true },
];

/**
 * The workspace packages among them (their version is their package.json's).
 * @type {readonly string[]}
 */
const WORKSPACE_PACKAGES = ['shared-contracts', 'web-runtime'];

module.exports = { SHARED_MODULES, WORKSPACE_PACKAGES };
