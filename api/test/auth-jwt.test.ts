/** Bearer tokens: only HS256 signed with our secret, unexpired, of an existing user at the current version. */
import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { users } from '../src/db/schema';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { createUser } from './support/users';
import { post } from './support/http';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(engines())('JWT forgery matrix on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const misAnuncios = (token?: string) => post(t, '/misAnuncios', {}, token === undefined ? {} : { authorization: `Bearer ${token}` });

  test('a valid token works; every forged, expired or orphaned one answers 401', async () => {
    const { user, token } = await createUser(t.app);
    expect((await misAnuncios(token)).status).toBe(200);
    const now = Math.floor(t.clock.now() / 1000);
    const claims = { sub: user.id, tv: 0, exp: now + 3600 };
    const secret = t.config.jwtSecret;
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

    const forged: Record<string, string | undefined> = {
      missing: undefined,
      empty: '',
      garbage: 'not.a.jwt',
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      algNoneUpper: `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(claims)}.`,
      wrongSecret: jwt.sign(claims, 'another-secret-of-enough-length-0123456789', { algorithm: 'HS256', noTimestamp: true }),
      hs512: jwt.sign(claims, secret, { algorithm: 'HS512', noTimestamp: true }),
      rs256: jwt.sign(claims, privateKey, { algorithm: 'RS256', noTimestamp: true }),
      tamperedPayload: `${token.split('.')[0]}.${b64({ ...claims, sub: crypto.randomUUID() })}.${token.split('.')[2]}`,
      expired: jwt.sign({ ...claims, exp: now - 1 }, secret, { algorithm: 'HS256', noTimestamp: true }),
      noExp: jwt.sign({ sub: user.id, tv: 0 }, secret, { algorithm: 'HS256', noTimestamp: true }),
      oldVersion: jwt.sign({ ...claims, tv: -1 }, secret, { algorithm: 'HS256', noTimestamp: true }),
      unknownUser: jwt.sign({ ...claims, sub: crypto.randomUUID() }, secret, { algorithm: 'HS256', noTimestamp: true }),
      notUuidSub: jwt.sign({ ...claims, sub: "x' OR 1=1 --" }, secret, { algorithm: 'HS256', noTimestamp: true }),
    };
    for (const [name, bad] of Object.entries(forged)) {
      const res = await misAnuncios(bad);
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 401, body: { error: MSG.unauthorized } });
    }
    const genuine = jwt.sign(claims, secret, { algorithm: 'HS256', noTimestamp: true });
    expect((await misAnuncios(genuine)).status).toBe(200);
  });

  test('a token expires after JWT_TTL_SECONDS by the clock', async () => {
    const { token } = await createUser(t.app);
    t.clock.advance((t.config.jwtTtlSeconds - 1) * 1000);
    expect((await misAnuncios(token)).status).toBe(200);
    t.clock.advance(2000);
    expect((await misAnuncios(token)).status).toBe(401);
  });

  test("a deleted user's token answers 401", async () => {
    const { user, token } = await createUser(t.app);
    expect((await misAnuncios(token)).status).toBe(200);
    await t.app.db.delete(users).where(eq(users.id, user.id));
    expect((await misAnuncios(token)).status).toBe(401);
    expect((await post(t, '/comprarPlan', { canitdadDeAnuncios: 5 }, { authorization: `Bearer ${token}` })).status).toBe(401);
  });
});
