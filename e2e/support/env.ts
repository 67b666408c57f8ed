/** Ports and folders of the browser-test run (apart from the dev defaults so both can run). */
import os from 'node:os';
import path from 'node:path';
import { REMOTE_APPS, type RemoteDir } from 'shared-contracts';

const sitePort = Number(process.env.E2E_SITE_PORT ?? 3900);
const apiPort = Number(process.env.E2E_API_PORT ?? 4900);
const runDir = process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), 'inmueblesrd-e2e');
// standalone QA servers of the remotes (standalone.spec.ts): this port and the next ones, in the
// order of shared-contracts/src/web-apps.js. 127.0.0.1, the host their dev servers listen on: from
// another host name the dev server refuses its live-reload socket ("Invalid Host/Origin header").
const standalonePort = Number(process.env.E2E_STANDALONE_PORT ?? 3901);

export const E2E = {
  sitePort,
  apiPort,
  siteUrl: `http://localhost:${sitePort}`,
  apiUrl: `http://localhost:${apiPort}`,
  standaloneUrls: Object.fromEntries(REMOTE_APPS.map((app, i) => [app.dir, `http://127.0.0.1:${standalonePort + i}`])) as Record<RemoteDir, string>,
  runDir,
  dataDir: path.join(runDir, 'data'),
  mailDir: path.join(runDir, 'mail'),
  stateFile: path.join(runDir, 'state.json'),
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  root: path.resolve(__dirname, '..', '..'),
};
