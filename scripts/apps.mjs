// @ts-check
/** The web apps and where their builds land; shared by the build, start and dev scripts. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webApps from '../shared-contracts/src/web-apps.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The apps' folders, the shell first (the one list: shared-contracts/src/web-apps.js). */
export const WEB_APPS = webApps.WEB_APPS.map((app) => app.dir);
const SHELL = webApps.SHELL_APP.dir;

/** Apps that also build for Node (server-side rendering): their server entry must exist too. */
export const SERVER_APPS = webApps.WEB_APPS.filter((app) => app.serverBuild).map((app) => app.dir);
/** @param {string} app */
const entryOf = (app) => path.join(ROOT, app, 'dist', app === SHELL ? 'index.html' : 'remoteEntry.js');
/** @param {string} app */
const serverEntryOf = (app) => path.join(ROOT, app, 'dist', 'server', app === SHELL ? 'server.js' : 'remoteEntry.js');

/** @param {string} dir */
function newestMtime(dir) {
  let newest = 0;
  /** @param {string} d */
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}

/**
 * Marks `apps` as built now. webpack does not rewrite an output whose bytes did not change, so after
 * a change that leaves index.html or remoteEntry.js as they were (a server-only file, a test), their
 * old mtime would keep the app stale and every `npm start` would build it again.
 * @param {string[]} apps
 */
export function markBuilt(apps) {
  const now = new Date();
  for (const app of apps) {
    for (const file of [entryOf(app), ...(SERVER_APPS.includes(app) ? [serverEntryOf(app)] : [])]) {
      if (fs.existsSync(file)) fs.utimesSync(file, now, now);
    }
  }
}

/** @param {string} file */
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** Apps whose build is missing or older than their sources (or the shared packages', or the build config). */
export function staleApps() {
  const contracts = Math.max(
    newestMtime(path.join(ROOT, 'shared-contracts', 'src')),
    mtime(path.join(ROOT, 'shared-contracts', 'package.json')),
    newestMtime(path.join(ROOT, 'web-runtime', 'src')),
    mtime(path.join(ROOT, 'web-runtime', 'package.json')),
    mtime(path.join(ROOT, 'webpack.base.js')),
  );
  return WEB_APPS.filter((app) => {
    const entry = entryOf(app);
    if (!fs.existsSync(entry)) return true;
    if (SERVER_APPS.includes(app) && !fs.existsSync(serverEntryOf(app))) return true;
    const built = fs.statSync(entry).mtimeMs;
    const sources = Math.max(
      contracts,
      newestMtime(path.join(ROOT, app, 'src')),
      newestMtime(path.join(ROOT, app, 'public')),
      mtime(path.join(ROOT, app, 'webpack.config.js')),
    );
    return sources > built;
  });
}
