/** Ports and folders of the browser-test run (apart from the dev defaults so both can run). */
import os from 'node:os';
import path from 'node:path';

const sitePort = Number(process.env.E2E_SITE_PORT ?? 3900);
const apiPort = Number(process.env.E2E_API_PORT ?? 4900);
const runDir = process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), 'inmueblesrd-e2e');

export const E2E = {
  sitePort,
  apiPort,
  siteUrl: `http://localhost:${sitePort}`,
  apiUrl: `http://localhost:${apiPort}`,
  runDir,
  dataDir: path.join(runDir, 'data'),
  mailDir: path.join(runDir, 'mail'),
  stateFile: path.join(runDir, 'state.json'),
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  root: path.resolve(__dirname, '..', '..'),
};
