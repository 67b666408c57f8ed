/** Attempt limits per IP and per email: 429 with Retry-After, then allowed again after the window. */
import { MSG } from 'shared-contracts';
import { RATE_LIMITS } from '../src/plugins/rate-limits';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { createUser, TEST_PASSWORD } from './support/users';
import { post } from './support/http';

describe.each(engines())('rate limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy the client IP comes from X-Forwarded-For, which lets one test play many IPs.
    t = await startTestApp(engine, { trustProxy: true });
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  test('login per email: over the limit 429 with Retry-After, the right password too; fine after the window', async () => {
    const { user } = await createUser(t.app);
    const { max, windowMs } = RATE_LIMITS.login.email;
    // Each attempt from a different IP: only the per-email counter can stop them.
    for (let i = 0; i < max; i++) {
      const res = await post(t, '/api/user/login', { email: user.email, password: 'Mala1234!' }, from(`10.0.0.${i + 1}`));
      expect(res.status).toBe(401);
    }
    const blocked = await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('10.0.1.1'));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: MSG.tooManyRequests });
    expect(Number(blocked.headers.get('retry-after'))).toBe(windowMs / 1000);

    t.clock.advance(windowMs / 2);
    const later = await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('10.0.1.2'));
    expect(Number(later.headers.get('retry-after'))).toBe(windowMs / 2000);

    // Another account is not affected.
    const other = await createUser(t.app);
    expect((await post(t, '/api/user/login', { email: other.user.email, password: TEST_PASSWORD }, from('10.0.1.3'))).status).toBe(200);

    t.clock.advance(windowMs / 2 + 1000);
    expect((await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('10.0.1.4'))).status).toBe(200);
  });

  test('sign-up per IP: many addresses from one IP are stopped, another IP is not', async () => {
    const { max, windowMs } = RATE_LIMITS.signup.ip;
    const body = (i: number) => ({ email: `ip${i}@example.com`, password: 'Casa2024!', name: 'Ana', apellido: 'Gil' });
    for (let i = 0; i < max; i++) expect((await post(t, '/api/user/signup', body(i), from('192.0.2.7'))).status).toBe(201);
    const blocked = await post(t, '/api/user/signup', body(max), from('192.0.2.7'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe(String(windowMs / 1000));
    expect((await post(t, '/api/user/signup', body(max), from('192.0.2.8'))).status).toBe(201);
    t.clock.advance(windowMs);
    expect((await post(t, '/api/user/signup', body(max + 1), from('192.0.2.7'))).status).toBe(201);
  });

  test('forgot-password and confirmation-link requests cannot flood one inbox', async () => {
    for (const [path, kind] of [['/forgot-password', 'forgot'], ['/get-email-confirmation-link', 'confirmLink']] as const) {
      const { max, windowMs } = RATE_LIMITS[kind].email;
      for (let i = 0; i < max; i++) expect((await post(t, path, { email: 'victima@example.com' }, from(`198.51.100.${i}`))).status).toBe(200);
      const blocked = await post(t, path, { email: 'VICTIMA@example.com' }, from('198.51.100.200'));
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ error: MSG.tooManyRequests });
      t.clock.advance(windowMs);
      expect((await post(t, path, { email: 'victima@example.com' }, from('198.51.100.201'))).status).toBe(200);
    }
  });
});
