/** Ports and folders of the browser-test run (apart from the dev defaults so both can run). */
import os from 'node:os';
import path from 'node:path';

const sitePort = Number(process.env.E2E_SITE_PORT ?? 3900);
const apiPort = Number(process.env.E2E_API_PORT ?? 4900);
const runDir = process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), 'inmueblesrd-e2e');
// standalone QA servers of the four remotes (standalone.spec.ts): this port and the next three.
// 127.0.0.1, the host their dev servers listen on: from another host name the dev server refuses
// its live-reload socket ("Invalid Host/Origin header" in the console).
const standalonePort = Number(process.env.E2E_STANDALONE_PORT ?? 3901);
const standaloneApps = ['mf-search', 'mf-listing', 'mf-account', 'mf-publish'] as const;

export const E2E = {
  sitePort,
  apiPort,
  siteUrl: `http://localhost:${sitePort}`,
  apiUrl: `http://localhost:${apiPort}`,
  standaloneUrls: Object.fromEntries(standaloneApps.map((app, i) => [app, `http://127.0.0.1:${standalonePort + i}`])) as Record<(typeof standaloneApps)[number], string>,
  runDir,
  dataDir: path.join(runDir, 'data'),
  mailDir: path.join(runDir, 'mail'),
  stateFile: path.join(runDir, 'state.json'),
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  root: path.resolve(__dirname, '..', '..'),
};
