/**
 * Issue 40: the browser tests' routes (PORTAL_TEST_ROUTES) cannot reach production, and their
 * clock moves no credential. With them on, anyone could move the API's clock ten years ahead, log
 * in and keep a token valid until 2036, or reset every rate-limit window.
 * - Only "1" turns them on; "true"/"yes" stop the start instead of being guessed. NODE_ENV=production
 *   or a site that is not local stops the start of the API, the site server and `npm start`, with
 *   the variable's name and exit 1. When on, both processes say so in their log.
 * - Token and emailed-link expiry and rate-limit windows run on the real clock: moving the test
 *   clock (the real route, over HTTP) changes none of them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config';
import { accountTokens } from '../src/db/schema';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { createUser, TEST_PASSWORD } from './support/users';
import { post } from './support/http';
import { ROOT, startServer } from './support/server-process';

const PRODUCTION_REFUSAL = /PORTAL_TEST_ROUTES: las rutas de prueba son solo para las pruebas del navegador en esta máquina/;
const ONLY_ONE = /PORTAL_TEST_ROUTES: solo "1" activa las rutas de prueba/;

/** Runs a command until it exits, or kills it after `timeoutMs` (code null): its code and output. */
function run(args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('PORTAL_TEST_ROUTES is refused where it must not run', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-routes-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('API configuration: only "1" turns them on; never with NODE_ENV=production or a public site', () => {
    expect(loadConfig({ PORTAL_TEST_ROUTES: '1' }, dir).testRoutes).toBe(true);
    for (const off of [undefined, '', '0']) expect(loadConfig({ PORTAL_TEST_ROUTES: off }, dir).testRoutes).toBe(false);
    for (const unclear of ['true', 'yes', 'on', 'TRUE', ' 1']) {
      expect(() => loadConfig({ PORTAL_TEST_ROUTES: unclear }, dir)).toThrow(ConfigError);
      expect(() => loadConfig({ PORTAL_TEST_ROUTES: unclear }, dir)).toThrow(ONLY_ONE);
    }
    const production = { PORTAL_TEST_ROUTES: '1', NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' };
    expect(() => loadConfig(production, dir)).toThrow(PRODUCTION_REFUSAL);
    expect(() => loadConfig({ PORTAL_TEST_ROUTES: '1', PUBLIC_SITE_URL: 'https://inmueblesrd.do' }, dir)).toThrow(PRODUCTION_REFUSAL);
    // without them, production starts as before
    expect(loadConfig({ ...production, PORTAL_TEST_ROUTES: '' }, dir).testRoutes).toBe(false);
  });

  test('the API process refuses to start (exit 1, the reason in its output)', async () => {
    const base = { API_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, SEED_DEMO: 'false', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1' };
    const server = path.join(ROOT, 'api/src/server.ts');
    const production = await run(['--import', 'tsx', server], { ...base, PORTAL_TEST_ROUTES: '1', NODE_ENV: 'production' });
    expect(production.output).toMatch(PRODUCTION_REFUSAL);
    expect(production.output).not.toMatch(/Server listening/);
    expect(production.code).toBe(1);
    const publicSite = await run(['--import', 'tsx', server], { ...base, PORTAL_TEST_ROUTES: '1', PUBLIC_SITE_URL: 'https://inmueblesrd.do' });
    expect({ code: publicSite.code, refused: PRODUCTION_REFUSAL.test(publicSite.output) }).toEqual({ code: 1, refused: true });
    const yes = await run(['--import', 'tsx', server], { ...base, PORTAL_TEST_ROUTES: 'yes' });
    expect({ code: yes.code, refused: ONLY_ONE.test(yes.output) }).toEqual({ code: 1, refused: true });
  });

  test('the site server and `npm start` refuse to start (exit 1, the reason in their output)', async () => {
    const site = path.join(ROOT, 'shell/server/site-server.mjs');
    const base = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir };
    const production = await run([site], { ...base, PORTAL_TEST_ROUTES: '1', NODE_ENV: 'production' });
    expect({ code: production.code, refused: PRODUCTION_REFUSAL.test(production.output) }).toEqual({ code: 1, refused: true });
    const publicSite = await run([site], { ...base, PORTAL_TEST_ROUTES: '1', PUBLIC_SITE_URL: 'https://inmuebles.example' });
    expect({ code: publicSite.code, refused: PRODUCTION_REFUSAL.test(publicSite.output) }).toEqual({ code: 1, refused: true });
    for (const unclear of ['true', 'yes']) {
      const r = await run([site], { ...base, PORTAL_TEST_ROUTES: unclear });
      expect({ unclear, code: r.code, refused: ONLY_ONE.test(r.output) }).toEqual({ unclear, code: 1, refused: true });
    }
    // npm start stops before building anything or starting the API
    const start = await run([path.join(ROOT, 'scripts/start.mjs'), '--no-build'], {
      ...base,
      API_PORT: '0',
      SEED_DEMO: 'false',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PORTAL_TEST_ROUTES: '1',
      NODE_ENV: 'production',
    });
    expect({ code: start.code, refused: PRODUCTION_REFUSAL.test(start.output) }).toEqual({ code: 1, refused: true });
    expect(start.output).not.toMatch(/Server listening|\[site\] InmueblesRD en/);
  });

  test('turned on locally, the API and the site server say so in their log', async () => {
    const apiDir = fs.mkdtempSync(path.join(dir, 'api-'));
    const api = await startServer(apiDir, { PORTAL_TEST_ROUTES: '1', PUBLIC_SITE_URL: 'http://localhost:3000' });
    try {
      expect(api.output()).toMatch(/PORTAL_TEST_ROUTES=1: rutas de prueba activas/);
      const moved = await fetch(`${api.url}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"days":0}' });
      expect(moved.status).toBe(200);
    } finally {
      api.child.kill('SIGKILL');
      await api.exited;
    }
    const script = `const m = await import(${JSON.stringify(path.join(ROOT, 'shell/server/site-server.mjs'))});
      const s = m.createSiteServer(m.siteSettings());
      s.listen(0, '127.0.0.1', async () => {
        const config = await (await fetch('http://127.0.0.1:' + s.address().port + '/config.json')).json();
        console.log('testRoutes=' + config.testRoutes);
        process.exit(0);
      });`;
    const site = await run(['--input-type=module', '-e', script], { PORTAL_TEST_ROUTES: '1', DATA_DIR: dir });
    expect(site.output).toMatch(/\[site\] PORTAL_TEST_ROUTES=1: rutas de prueba activas/);
    expect(site.output).toContain('testRoutes=true');
  });
});

describe.each(engines())('the test clock moves no credential or limit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // the app's own clock, as the browser tests run it: real time plus the route's offset
    t = await startTestApp(engine, { testRoutes: true }, { clock: undefined });
  });
  afterEach(async () => {
    expect((await post(t, '/__test/clock', { days: 0 })).status).toBe(200);
  });
  afterAll(() => t.close());

  const realSeconds = () => Math.floor(Date.now() / 1000);
  const misAnuncios = (token: string) => post(t, '/misAnuncios', {}, { authorization: `Bearer ${token}` });

  test('a login while the clock runs ten years ahead gets a token that expires by the real clock', async () => {
    const { user, token: before } = await createUser(t.app);
    expect((await post(t, '/__test/clock', { days: 3650 })).status).toBe(200);
    // a token from before the move is judged by real time, too
    expect((await misAnuncios(before)).status).toBe(200);
    const login = await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const { exp } = jwt.decode(login.body.token) as { exp: number };
    expect(exp).toBeGreaterThan(realSeconds() + t.config.jwtTtlSeconds - 120);
    expect(exp).toBeLessThanOrEqual(realSeconds() + t.config.jwtTtlSeconds);
    expect((await post(t, '/__test/clock', { days: 0 })).status).toBe(200);
    expect((await misAnuncios(login.body.token)).status).toBe(200);
  });

  test('a password-reset link asked for while the clock runs ahead expires an hour from real time', async () => {
    const { user } = await createUser(t.app);
    expect((await post(t, '/__test/clock', { days: 3650 })).status).toBe(200);
    expect((await post(t, '/forgot-password', { email: user.email })).status).toBe(200);
    const [row] = await t.app.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3600_000 - 120_000);
  });

  test('moving the clock does not reset a rate-limit window', async () => {
    // a limiter no other test here uses: its window starts in this test, on the real clock
    const ask = (i: number) => post(t, '/get-email-confirmation-link', { email: `nadie-${engine}-${i}@example.com` });
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++) status = (await ask(i)).status;
    expect(status).toBe(429);
    expect((await post(t, '/__test/clock', { days: 1 })).status).toBe(200);
    expect((await ask(100)).status).toBe(429);
  });
});
