#!/usr/bin/env node
// @ts-check
/**
 * `npm start`: builds the web apps that are missing or outdated, then serves the combined site
 * (PORT, default 3000) and runs the API (API_PORT, default 4000) on the embedded defaults:
 * PGlite under DATA_DIR, mail to DATA_DIR/outbox. No database or mail server needed.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { ROOT, staleApps } from './apps.mjs';
import { buildApps } from './build.mjs';
import siteServerContract from '../shared-contracts/src/site-server.js';

/** @type {typeof import('../shell/server/site-server.mjs')} */
const { createSiteServer, siteSettingsOrExit } = await import(path.join(ROOT, 'shell', 'server', 'site-server.mjs'));

// a bad variable (PORTAL_TEST_ROUTES in production, …) stops here, before any build or the API
const settings = siteSettingsOrExit();

// --no-build serves the builds as they are (e.g. while sources are being edited)
const stale = process.argv.includes('--no-build') ? [] : staleApps();
if (stale.length) await buildApps(stale);

// Issue 40: the API knows the site server's calls by this key; one made for this run unless given.
process.env.SITE_API_KEY ||= crypto.randomBytes(32).toString('hex');

// The API's CORS origin, e-mail links and photo URLs follow the addresses the site announces.
const api = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'server.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PUBLIC_SITE_URL: settings.siteUrl, PUBLIC_API_URL: settings.config.apiBaseUrl },
});
const site = createSiteServer(settings);
site.listen(settings.port, settings.host, () => {
  console.log(`[site] InmueblesRD en ${settings.siteUrl} (API en ${settings.config.apiBaseUrl})`);
});

// the API's grace after SIGTERM (SHUTDOWN_GRACE_MS) comes before its close budget
const API_STOP_WAIT_MS = 20_000 + siteServerContract.shutdownGraceMs(process.env);
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  site.close();
  if (api.exitCode === null) {
    api.once('exit', () => process.exit(code));
    api.kill('SIGTERM');
    // Longer than the API's own budget (SHUTDOWN_BUDGET_MS, 15 s in api/src/shutdown.ts) and grace, so the
    // API's graceful close is never cut short by this wrapper.
    setTimeout(() => process.exit(code), API_STOP_WAIT_MS).unref();
  } else process.exit(code);
}
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`[start] the API stopped (code ${code}); stopping the site too`);
    stop(code ?? 1);
  }
});
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
