/**
 * Issue 45: a rolling restart behind a load balancer loses no request. On SIGTERM the API and the
 * site server both answer /readyz 503 "closing" at once, keep serving every request for
 * SHUTDOWN_GRACE_MS (each answer closing its connection, so the client's next one goes to another
 * instance), then close and exit 0. The same rule for the grace on both (shared-contracts). The
 * API's process is tested in cluster.pg.test.ts (a rolling restart of one of two instances, on
 * processes that suite starts anyway: one API start less in CI).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shutdownGraceMs } from 'shared-contracts';
import { ConfigError, loadConfig } from '../src/config';
import { sigtermAndProbe } from './support/server-process';
import { startSite } from './support/site-process';

const GRACE_MS = 1500;

test('the site server: /readyz 503 closing at once, requests served during the grace, then exit 0', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-grace-'));
  try {
    const site = await startSite({ SHUTDOWN_GRACE_MS: String(GRACE_MS), DATA_DIR: dataDir, PUBLIC_API_URL: 'http://127.0.0.1:9', PUBLIC_SITE_URL: 'http://localhost:3999' });
    const r = await sigtermAndProbe(site.url, site.child, site.exited, '/robots.txt');
    expect(r).toMatchObject({ readyz: 503, readyzBody: { status: 'closing' }, served: 200, connection: 'close', code: 0 });
    expect(r.servedAt).toBeLessThan(GRACE_MS);
    expect(r.exitMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect(site.lines().some((l) => l.msg === '[site] cerrando: /readyz responde 503; se sigue atendiendo durante la espera' && l.graceMs === GRACE_MS)).toBe(true);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);

test('the grace: 5 s by default in production, none on a developer machine; a bad value stops the start', () => {
  expect(shutdownGraceMs({ NODE_ENV: 'production' })).toBe(5000);
  expect(shutdownGraceMs({})).toBe(0);
  expect(shutdownGraceMs({ NODE_ENV: 'production', SHUTDOWN_GRACE_MS: '0' })).toBe(0);
  expect(loadConfig({ SHUTDOWN_GRACE_MS: '8000', JWT_SECRET: 'grace-test-secret-0123456789abcdef0123' }).shutdownGraceMs).toBe(8000);
  for (const bad of ['-1', '2.5', 'cinco', '60001']) expect(() => loadConfig({ SHUTDOWN_GRACE_MS: bad })).toThrow(ConfigError);
  expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'cinco' })).toThrow(/SHUTDOWN_GRACE_MS/);
});
