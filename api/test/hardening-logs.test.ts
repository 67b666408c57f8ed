/**
 * Issue 19, item 9 (API side), over real HTTP: `POST /logout` revokes the token; authentication
 * events are logged with a pseudonymous account reference, the IP and the request id; the log never
 * holds a password, a password hash, an email of the account, a reset link (outbox mode on a
 * non-local site) or the bound values of a failed query; development CORS origins and the outbox in
 * production only on purpose.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { loadConfig, ConfigError } from '../src/config';
import { accountRef } from '../src/accounts/auth-events';
import { withoutParams } from '../src/plugins/error-handler';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { NO_LIMITS } from './support/limits';
import { post } from './support/http';

const PASSWORD = 'Casa2024!';

describe.each(engines())('logout and the log on %s', (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const events = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.authEvent);

  beforeAll(async () => {
    // Outbox mail (no SMTP_URL) on a site that is not local: links must not reach the log.
    t = await startTestApp(engine, { logLevel: 'info', publicSiteUrl: 'https://inmuebles.example' }, { rateLimits: NO_LIMITS, logger: true, logStream });
  });
  afterAll(() => t.close());

  async function confirmedAccount(email: string) {
    expect((await post(t, '/api/user/signup', { email, password: PASSWORD, name: 'Ana', apellido: 'Gil' })).status).toBe(201);
    await t.app.mailer.flush();
    await t.app.db.execute(sql`update users set confirmed = true where email = ${email}`);
    const login = await post(t, '/api/user/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    return login.body as { _id: string; token: string };
  }

  test('POST /logout: the token stops working at once', async () => {
    const { token } = await confirmedAccount('salida@example.com');
    const auth = { authorization: `Bearer ${token}` };
    expect((await post(t, '/misAnuncios', {}, auth)).status).toBe(200);
    expect(await post(t, '/logout', {}, auth)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await post(t, '/misAnuncios', {}, auth)).status).toBe(401);
    expect((await post(t, '/logout', {}, auth)).status).toBe(401);
    // A new login works as before.
    expect((await post(t, '/api/user/login', { email: 'salida@example.com', password: PASSWORD })).status).toBe(200);
  });

  test('authentication events carry a pseudonymous account, the IP and the request id; no secrets in the log', async () => {
    const email = 'eventos@example.com';
    const { _id, token } = await confirmedAccount(email);
    const since = lines.length;
    expect((await post(t, '/api/user/login', { email, password: 'Mala1234!' })).status).toBe(401);
    expect((await post(t, '/forgot-password', { email })).status).toBe(200);
    expect((await post(t, '/comprarPlan', { canitdadDeAnuncios: 5 }, { authorization: `Bearer ${token}` })).status).toBe(200);
    await t.app.mailer.flush();
    const ref = accountRef(t.config.jwtSecret, _id);
    const seen = events().slice(-3);
    expect(seen.map((e) => e.authEvent)).toEqual(['login_failed', 'reset_requested', 'plan_changed']);
    for (const e of seen) {
      expect(e).toMatchObject({ account: ref, ip: '127.0.0.1' });
      expect(typeof e.reqId).toBe('string');
    }
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(since);
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(_id);
    expect(log).not.toMatch(/resetPassword\/|confirmEmail\//);
  });

  test('issue 40: outbox letters (a confirmation link is a key to the account) are readable by the API\'s user only: files 0600, folder 0700', async () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    // a folder an older version made with the default mode is closed too
    fs.mkdirSync(outbox, { recursive: true, mode: 0o755 });
    fs.chmodSync(outbox, 0o755);
    expect((await post(t, '/api/user/signup', { email: 'buzon@example.com', password: PASSWORD, name: 'Ana', apellido: 'Gil' })).status).toBe(201);
    await t.app.mailer.flush();
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(fs.statSync(path.join(outbox, f)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(outbox).mode & 0o777).toBe(0o700);
  });

  test('a failed query is logged without its bound values', () => {
    const message = 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ana@example.com,$argon2id$v=19$secret';
    expect(withoutParams(message)).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: [oculto]');
    expect(withoutParams(`${message}\n    at PgSession.query (x.js:1:1)`)).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: [oculto]\n    at PgSession.query (x.js:1:1)');
  });
});

describe('configuration (issue 19, item 9)', () => {
  test('development CORS origins only when the site itself is on localhost', () => {
    expect(loadConfig({ PUBLIC_SITE_URL: 'http://localhost:3000' }).corsOrigins).toContain('http://localhost:3001');
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://inmueblesrd.do' }).corsOrigins).toEqual(['https://inmueblesrd.do']);
  });
  test('production without SMTP_URL refuses to start unless MAIL_OUTBOX=1', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://inmueblesrd.do' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://inmueblesrd.do' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: '1' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).smtpUrl).toBe('smtp://mail:25');
  });
});
