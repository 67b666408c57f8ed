/**
 * Starts what the browser tests need, as a person would run it: Debian's Chromium (installed
 * with apt-get when missing), a real SMTP receiver, and `node scripts/start.mjs` (the same
 * command as `npm start`) with its own ports and data folder.
 */
import { execFileSync, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E } from './env';
import { startSmtpReceiver } from './smtp-receiver';

function ensureChromium() {
  if (fs.existsSync(E2E.chromium)) return;
  console.log('[e2e] installing Debian chromium…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}

async function waitFor(url: string, timeoutMs: number, alive: () => boolean) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the portal exited before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms: ${String(lastError)}`);
}

export default async function globalSetup() {
  ensureChromium();
  fs.rmSync(E2E.runDir, { recursive: true, force: true });
  fs.mkdirSync(E2E.runDir, { recursive: true });
  const smtp = await startSmtpReceiver(E2E.mailDir);
  const log = fs.openSync(path.join(E2E.runDir, 'portal.log'), 'a');
  const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(E2E.sitePort),
      API_PORT: String(E2E.apiPort),
      PUBLIC_SITE_URL: E2E.siteUrl,
      PUBLIC_API_URL: E2E.apiUrl,
      DATA_DIR: E2E.dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PORTAL_TEST_ROUTES: '1',
      // the journeys sign up and log in many times from one address
      RATE_LIMIT_SCALE: '50',
      // issue 23: the moderator of moderation.spec.ts
      MODERATOR_EMAILS: 'moderacion-e2e@example.com',
      FEEDS_INTERVAL_MINUTES: '1440',
      // issue 39: the day of the exchange rate, shown beside the other-currency figure
      USD_DOP_RATE_DATE: '2026-11-27',
      // the remotes' standalone QA servers call this API from their own origins
      CORS_ORIGINS: Object.values(E2E.standaloneUrls).join(','),
  };
  // The browser run uses the embedded database (the default a person gets), even in CI.
  delete env.DATABASE_URL;
  // one partner feed, imported by the API's scheduler at start (issue 13), given to the partner
  // by the operator's command as in production (issue 46: partners live in the database)
  execFileSync(process.execPath, ['--import', 'tsx', path.join(E2E.root, 'api', 'src', 'agencies', 'cli.ts'), 'feed', 'hazim', path.join(__dirname, 'data', 'hazim-feed.xml')], {
    cwd: E2E.root,
    env,
    stdio: ['ignore', log, log],
  });
  const portal = spawn(process.execPath, [path.join(E2E.root, 'scripts', 'start.mjs')], {
    cwd: E2E.root,
    stdio: ['ignore', log, log],
    env,
  });
  fs.writeFileSync(E2E.stateFile, JSON.stringify({ portalPid: portal.pid }));
  try {
    const alive = () => portal.exitCode === null && portal.signalCode === null;
    await waitFor(`${E2E.siteUrl}/healthz`, 240_000, alive);
    await waitFor(`${E2E.apiUrl}/health`, 120_000, alive);
  } catch (err) {
    portal.kill('SIGTERM');
    await smtp.close();
    console.error(fs.readFileSync(path.join(E2E.runDir, 'portal.log'), 'utf8').slice(-4000));
    throw err;
  }
  return async () => {
    portal.kill('SIGTERM');
    await new Promise((r) => portal.once('exit', r).once('error', r));
    await smtp.close();
  };
}
