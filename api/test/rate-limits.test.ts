/**
 * Rate limits over real HTTP with the real limiter (issue 12, issue 19 item 2): per client and per
 * email, 429 with Retry-After and fine again after the window; login failures per account and client
 * with an overall ceiling that never locks out the owner, and progressive delays; IPv6 per /64;
 * TRUST_PROXY as a hop count.
 */
import { MSG } from 'shared-contracts';
import { RATE_LIMITS } from '../src/plugins/rate-limit-policy';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { createUser, TEST_PASSWORD } from './support/users';
import { post } from './support/http';

describe.each(engines())('rate limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy the client IP comes from X-Forwarded-For, which lets one test play many IPs.
    t = await startTestApp(engine, { trustProxy: 1 });
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  test('login: a stranger failing on an account from one address is stopped there; the owner elsewhere is not', async () => {
    const { user } = await createUser(t.app);
    const { max, windowMs } = RATE_LIMITS.login.emailIp;
    for (let i = 0; i < max; i++) expect((await post(t, '/api/user/login', { email: user.email, password: 'Mala1234!' }, from('10.0.0.1'))).status).toBe(401);
    const blocked = await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('10.0.0.1'));
    expect(blocked).toMatchObject({ status: 429, body: { error: MSG.tooManyRequests } });
    expect(Number(blocked.headers.get('retry-after'))).toBe(windowMs / 1000);
    // The owner, from their own connection, is not locked out by the stranger.
    expect((await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('10.0.1.1'))).status).toBe(200);
    t.clock.advance(windowMs);
    expect((await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('10.0.0.1'))).status).toBe(200);
  });

  test('login: successful logins do not count against the account', async () => {
    const { user } = await createUser(t.app);
    for (let i = 0; i < RATE_LIMITS.login.emailIp.max + 3; i++) {
      expect((await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('10.2.0.1'))).status).toBe(200);
    }
    t.clock.advance(RATE_LIMITS.login.ip.windowMs);
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

describe('login ceilings and delays (issue 19, item 2)', () => {
  const limits = {
    login: { ip: { max: 1000, windowMs: 60_000 }, emailIp: { max: 3, windowMs: 60_000 }, email: { max: 6, windowMs: 60_000 }, delay: { afterFailures: 4, baseMs: 400, maxMs: 400 } },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { trustProxy: 1 }, { rateLimits: limits });
  });
  afterAll(() => t.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  test('the overall ceiling stops clients that failed on the account, never the owner; failures past a few are slowed down', async () => {
    const { user } = await createUser(t.app);
    const wrong = (ip: string) => post(t, '/api/user/login', { email: user.email, password: 'Mala1234!' }, from(ip));
    // Strangers from three addresses, two failures each: six failures in all, the ceiling.
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) for (let i = 0; i < 2; i++) expect((await wrong(ip)).status).toBe(401);
    // A stranger who already failed is refused now, right password or not.
    expect((await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('203.0.113.1'))).status).toBe(429);
    // The owner has not failed from their address: let in, after the progressive delay.
    const started = Date.now();
    expect((await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD }, from('198.51.100.77'))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    // Another account feels nothing of it: no delay.
    const other = await createUser(t.app);
    const quick = Date.now();
    expect((await post(t, '/api/user/login', { email: other.user.email, password: TEST_PASSWORD }, from('203.0.113.1'))).status).toBe(200);
    expect(Date.now() - quick).toBeLessThan(400);
  });
});

describe('requests refused per client do not count against the email (issue 19, item 2)', () => {
  test('an address already over its limit cannot use up a victim\'s inbox counter', async () => {
    const limits = { forgot: { ip: { max: 2, windowMs: 60_000 }, email: { max: 3, windowMs: 60_000 } } };
    const t = await startTestApp('pglite', { trustProxy: 1 }, { rateLimits: limits });
    try {
      const ask = (ip: string) => post(t, '/forgot-password', { email: 'victima@example.com' }, { 'x-forwarded-for': ip });
      expect([(await ask('10.5.0.1')).status, (await ask('10.5.0.1')).status]).toEqual([200, 200]);
      for (let i = 0; i < 10; i++) expect((await ask('10.5.0.1')).status).toBe(429);
      // Two requests counted for the email, not twelve: the third from elsewhere is still served.
      expect((await ask('10.5.0.2')).status).toBe(200);
      expect((await ask('10.5.0.3')).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('IPv6 clients are counted per /64 (issue 19, item 2)', () => {
  test('addresses of one /64 share a counter; another /64 has its own; IPv4-mapped is IPv4', async () => {
    const limits = { signup: { ip: { max: 3, windowMs: 60_000 }, email: { max: 100, windowMs: 60_000 } } };
    const t = await startTestApp('pglite', { trustProxy: 1 }, { rateLimits: limits });
    try {
      const signup = (ip: string, i: number) =>
        post(t, '/api/user/signup', { email: `v6-${i}@example.com`, password: 'Casa2024!', name: 'Ana', apellido: 'Gil' }, { 'x-forwarded-for': ip });
      const same64 = ['2001:db8:1:2::1', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:0db8:0001:0002:ffff::9', '2001:db8:1:2::abcd'];
      const statuses = [];
      for (const [i, ip] of same64.entries()) statuses.push((await signup(ip, i)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await signup('2001:db8:1:3::1', 10)).status).toBe(201);
      // ::ffff:192.0.2.9 and 192.0.2.9 are one client.
      expect([(await signup('192.0.2.9', 20)).status, (await signup('::ffff:192.0.2.9', 21)).status, (await signup('192.0.2.9', 22)).status]).toEqual([201, 201, 201]);
      expect((await signup('::ffff:c000:209', 23)).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY as a hop count (issue 19, item 2)', () => {
  test('with one trusted hop, addresses the client adds in front of X-Forwarded-For are ignored', async () => {
    const limits = { forgot: { ip: { max: 2, windowMs: 60_000 }, email: { max: 100, windowMs: 60_000 } } };
    const t = await startTestApp('pglite', { trustProxy: 1 }, { rateLimits: limits });
    try {
      const statuses = [];
      // The client writes "1.1.1.i"; the proxy appends the address it really saw, 10.9.9.9.
      for (let i = 0; i < 4; i++) statuses.push((await post(t, '/forgot-password', { email: `h${i}@example.com` }, { 'x-forwarded-for': `1.1.1.${i}, 10.9.9.9` })).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});
