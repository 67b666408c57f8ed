#!/usr/bin/env node
// @ts-check
/**
 * Production build of the web apps: `npm run build` (all) or `npm run build -- mf-search shell`.
 * One webpack MultiCompiler in one process; `--if-stale` builds only what is missing or outdated.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, WEB_APPS, markBuilt, staleApps } from './apps.mjs';

const require = createRequire(import.meta.url);

/**
 * @param {string[]} apps
 * @param {{ quiet?: boolean }} [options]
 */
export async function buildApps(apps, { quiet = false } = {}) {
  if (apps.length === 0) return;
  /** @type {typeof import('webpack')} */
  const webpack = require('webpack');
  // apps that render on the server build twice: the browser build and the Node build (`.server`)
  const configs = apps.flatMap((app) => {
    /** @type {import('../webpack.base.js').ConfigFactory & { server?: import('../webpack.base.js').ConfigFactory }} */
    const factory = require(path.join(ROOT, app, 'webpack.config.js'));
    const argv = { mode: 'production' };
    return factory.server ? [factory({}, argv), factory.server({}, argv)] : [factory({}, argv)];
  });
  const started = Date.now();
  if (!quiet) console.log(`[build] ${apps.join(', ')}`);
  await new Promise((resolve, reject) => {
    const compiler = webpack(configs);
    compiler.options.parallelism = 2;
    compiler.run((err, stats) => {
      compiler.close(() => {});
      if (err || !stats) return reject(err ?? new Error('webpack build gave no result'));
      if (stats.hasErrors()) {
        console.error(stats.toString({ all: false, errors: true, errorDetails: true }));
        return reject(new Error('webpack build failed'));
      }
      resolve(undefined);
    });
  });
  markBuilt(apps);
  if (!quiet) console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const named = args.filter((a) => !a.startsWith('--'));
  const unknown = named.filter((a) => !WEB_APPS.includes(a));
  if (unknown.length) {
    console.error(`Unknown app(s): ${unknown.join(', ')}. Apps: ${WEB_APPS.join(', ')}`);
    process.exit(2);
  }
  let apps = named.length ? named : WEB_APPS;
  if (ifStale) apps = apps.filter((a) => staleApps().includes(a));
  buildApps(apps).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
