/**
 * Access control over the whole API (issue 12, items 2, 6 and 9): every registered route is either
 * on an explicit public list or answers 401 without a valid token; fields the server owns (owner,
 * plan, source, confirmation, status, ids) cannot be set through any payload; a spoofed
 * X-Forwarded-For escapes no rate limit unless a trusted proxy is configured; a 5xx never carries
 * an internal message.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { MSG, FREE_PLAN_COUNT } from 'shared-contracts';
import { anuncios, users } from '../src/db/schema';
import { buildApp } from '../src/app';
import { engines, openTestDatabase } from './support/engines';
import { startTestApp, testConfig, type TestApp } from './support/app';
import { createUser } from './support/users';
import { get, post, request } from './support/http';
import { LISTING_FIELDS } from './support/listing-fields';

/** The calls anyone may make (SPEC §7). Anything else must demand a token. */
const PUBLIC = new Set([
  'GET /health',
  'POST /api/user/signup',
  'POST /confirmEmail',
  'POST /get-email-confirmation-link',
  'POST /api/user/login',
  'POST /forgot-password',
  'POST /reset-password',
  'POST /allAnuncios',
  // issue 44: the search's matches in the map's view, as clusters (limited per client, a budget of its own: decision 0039)
  'POST /anuncios/mapa',
  'GET /anuncio/:id',
  // the seller's phone and email on a press of Contacto/Email: no login (SPEC), limited per client
  'POST /anuncio/:id/contacto',
  // issue 23: anyone may report a listing (limited per client; a token makes the account the reporter)
  'POST /anuncio/:id/reportes',
  // a detail view for the seller's figures (issue 21): counted once per visitor and day, nothing stored about the visitor
  'POST /anuncio/:id/vista',
  'GET /geocode/search',
  'GET /geocode/reverse',
  'GET /photos/:key',
  // the sitemap's pieces: ids and dates of published listings, their places (issue 17)
  'GET /sitemap/anuncios',
  'GET /sitemap/anuncios/:file',
  'GET /sitemap/lugares',
  // the place a landing page's slug names (issue 39): gazetteer names and the searchable listings' places
  'GET /lugares/:slug',
  // issue 46: every agency's slug and name (a listing's advertiser), from memory
  'GET /agencias',
  // its public profile (its page /inmobiliaria/{slug}), from memory per slug, bounded (decision 0043)
  'GET /agencias/:slug',
  // the alert email's one-click unsubscribe (RFC 8058): the signed token is the proof (issue 22)
  'POST /busquedas/:id/baja',
  // issue 39: the price-drop email's one-click unsubscribe (signed token, no session)
  'POST /favoritos/baja/:userId',
  // CORS preflight (answered by @fastify/cors, no handler of ours behind it)
  'OPTIONS *',
  // decision 0025: the API's description and swagger-ui's pages (off in production unless API_DOCS=1)
  'GET /openapi.json',
  'HEAD /docs', // Fastify's prefix twin of GET /docs/ (the GET answers /docs itself)
  'GET /docs/',
  'GET /docs/json',
  'GET /docs/yaml',
  'GET /docs/static/*',
  'GET /docs/static/index.html',
  'GET /docs/static/swagger-initializer.js',
  // issue 45: the probes (say only the phase and the engine)
  'GET /livez',
  'GET /readyz',
]);

/**
 * Issue 45: the operators' routes, behind METRICS_TOKEN (ops.test.ts), not a user's token: with no
 * token on a public site (as here) they answer 404.
 */
const OPERATOR = new Set(['GET /metrics']);

function routesOf(list: RouteOptions[]): string[] {
  return list.flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`));
}

describe.each(engines())('route protection on %s', (engine) => {
  let t: TestApp;
  const registered: RouteOptions[] = [];
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { onRoute: (r) => void registered.push(r) });
  });
  afterAll(() => t.close());

  test('every route is public by the explicit list or answers 401 without a valid token', async () => {
    const all = routesOf(registered);
    expect(all.length).toBeGreaterThan(15);
    // The list holds no stale entry: each public call really exists.
    for (const route of PUBLIC) expect(all).toContain(route);
    const open = (r: string) => PUBLIC.has(r) || OPERATOR.has(r);
    const protectedRoutes = all.filter((r) => !open(r) && !(r.startsWith('HEAD ') && open(`GET ${r.slice(5)}`)));
    for (const route of OPERATOR) {
      expect(all).toContain(route);
      expect((await request(t, 'GET', route.split(' ')[1]!)).status).toBe(404);
    }
    expect(protectedRoutes.sort()).toEqual([
      'DELETE /:id',
      'DELETE /busquedas/:id',
      'DELETE /favoritos/:anuncioId',
      'GET /anuncio/:id/editar',
      'GET /busquedas',
      'GET /favoritos',
      'PATCH /busquedas/:id',
      'PATCH /favoritos',
      'POST /anuncio',
      // renews with a session, or with the emailed link's signed token (listing-expiry.test.ts)
      'POST /anuncio/:id/estado',
      'POST /anuncio/:id/renovar',
      'POST /busquedas',
      'POST /comprarPlan',
      'POST /logout',
      'POST /misAnuncios',
      // issue 23: moderators only (403 for other accounts, moderation.test.ts)
      'GET /moderacion/anuncios',
      'POST /moderacion/anuncios/:id',
      'POST /moderacion/usuarios/:id/bloquear',
      // issue 40 (moderation-blocks.test.ts)
      'GET /moderacion/usuarios/bloqueados',
      'POST /moderacion/usuarios/:id/desbloquear',
      'PUT /anuncio/:id',
      'PUT /favoritos/:anuncioId',
      // issue 46: the account's agency (agency-accounts.test.ts)
      'GET /miInmobiliaria',
      'POST /miInmobiliaria',
      'PUT /miInmobiliaria',
      'POST /miInmobiliaria/invitaciones',
      'POST /miInmobiliaria/aceptar',
      'DELETE /miInmobiliaria/miembros/:id',
      'GET /miInmobiliaria/anuncios',
    ].sort());

    const forged = `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${crypto.randomUUID()}","tv":0}`).toString('base64url')}.`;
    for (const route of protectedRoutes) {
      const [method, url] = route.split(' ');
      const path = url.replace(/:[a-zA-Z]+/g, crypto.randomUUID());
      const attempts: Record<string, string>[] = [{}, { authorization: forged }, { authorization: 'Bearer abc.def.ghi' }];
      for (const headers of attempts) {
        const res = await request(t, method, path, { body: method === 'DELETE' || method === 'GET' ? undefined : { canitdadDeAnuncios: FREE_PLAN_COUNT }, headers });
        expect({ route, status: res.status }).toEqual({ route, status: 401 });
        expect(res.body).toEqual({ error: MSG.unauthorized });
      }
    }
  });

  test('sign-up cannot set confirmation, plan, id or token version', async () => {
    const id = crypto.randomUUID();
    const email = 'propia@example.com';
    const res = await post(t, '/api/user/signup', {
      email,
      password: 'Casa2024!',
      name: 'Eva',
      apellido: 'Ruiz',
      confirmed: true,
      miPlan: 1000,
      plan: 1000,
      _id: id,
      id,
      tokenVersion: 99,
      passwordHash: 'x',
    });
    expect(res.status).toBe(201);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ confirmed: false, miPlan: FREE_PLAN_COUNT, tokenVersion: 0 });
    expect(row.id).not.toBe(id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // Still unconfirmed: the login is refused as for any unconfirmed account.
    const login = await post(t, '/api/user/login', { email, password: 'Casa2024!', confirmed: true });
    expect(login).toMatchObject({ status: 403, body: { error: MSG.confirmEmailFirst } });
  });

  test('publishing cannot set owner, source, status, id, photos or plan', async () => {
    const { user, auth } = await createUser(t.app);
    const other = await createUser(t.app);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } }).png().toBuffer();
    const fd = new FormData();
    const forcedId = crypto.randomUUID();
    const hostile: Record<string, string> = {
      ...LISTING_FIELDS,
      ownerId: other.user.id,
      owner: other.user.id,
      owner_id: other.user.id,
      source: 'hazim',
      sourceRef: 'h-99',
      status: 'withdrawn',
      _id: forcedId,
      id: forcedId,
      imageKeys: '["../../etc/passwd"]',
      image_keys: '["x.webp"]',
      miPlan: '1000',
      confirmed: 'true',
      priceRd: '1',
    };
    for (const [k, v] of Object.entries(hostile)) fd.append(k, v);
    fd.append('images', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${t.url}/anuncio`, { method: 'POST', body: fd, headers: auth });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body._id).not.toBe(forcedId);
    const [row] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, body._id));
    expect(row).toMatchObject({ ownerId: user.id, source: null, sourceRef: null, status: 'published', priceRd: 5_000_000 });
    expect(row.imageKeys).toHaveLength(1);
    expect(row.imageKeys[0]).toMatch(/^[0-9a-f]{32}\.webp$/);
    const [fresh] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(fresh.miPlan).toBe(user.miPlan);
    // The listing is the publisher's own, not the other user's.
    const mine = await post(t, '/misAnuncios', {}, auth);
    expect(mine.body.listaDeTodos.map((a: { _id: string }) => a._id)).toEqual([body._id]);
    expect((await post(t, '/misAnuncios', {}, other.auth)).body.listaDeTodos).toEqual([]);
  });

  test('a plan is only what comprarPlan allows; search filters cannot reveal withdrawn listings', async () => {
    const { user, auth } = await createUser(t.app);
    const res = await post(t, '/comprarPlan', { canitdadDeAnuncios: 100, miPlan: 100 }, auth);
    expect(res.status).toBe(400);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.miPlan).toBe(user.miPlan);

    const [hidden] = await t.app.db
      .insert(anuncios)
      .values({ title: 'Oculto', description: 'x', name: 'a', apellido: 'b', movil: '1', email: 'a@b.do', address: 'c', latitude: 18.4, longitude: -69.9, place: 'Oculto', proposito: 'venta', propiedad: 'Casa', moneda: 'RD', price: 1, priceRd: 1, status: 'withdrawn' })
      .returning();
    for (const filters of [{ status: 'withdrawn' }, { place: 'Oculto', status: 'withdrawn' }, { source: 'x', ownerId: user.id }]) {
      const search = await post(t, '/allAnuncios', { filters, page: 0 });
      expect(search.status).toBeLessThan(500);
      expect(JSON.stringify(search.body)).not.toContain(hidden.id);
    }
    expect((await get(t, `/anuncio/${hidden.id}`)).status).toBe(404);
  });
});

describe('X-Forwarded-For and the rate limits', () => {
  const limits = { forgot: { ip: { max: 2, windowMs: 60_000 }, email: { max: 100, windowMs: 60_000 } } };
  async function attempts(t: TestApp) {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(t, '/forgot-password', { email: `x${i}@example.com` }, { 'x-forwarded-for': `10.0.0.${i + 1}` });
      statuses.push(res.status);
    }
    return statuses;
  }

  test('without TRUST_PROXY a spoofed header does not escape the per-IP limit', async () => {
    const t = await startTestApp('pglite', { trustProxy: false }, { rateLimits: limits });
    try {
      expect(await attempts(t)).toEqual([200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });

  test('with TRUST_PROXY the proxy-given address is the one counted', async () => {
    const t = await startTestApp('pglite', { trustProxy: 1 }, { rateLimits: limits });
    try {
      expect(await attempts(t)).toEqual([200, 200, 200, 200]);
      const same = [];
      for (let i = 0; i < 3; i++) same.push((await post(t, '/forgot-password', { email: `y${i}@example.com` }, { 'x-forwarded-for': '10.9.9.9' })).status);
      expect(same).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('internal errors', () => {
  test('a 5xx carries the generic message only, whatever the thrown error says', async () => {
    const secret = 'password authentication failed for user "portal" at /srv/api/src/db.ts:42';
    const testDb = await openTestDatabase('pglite');
    const config = testConfig();
    const app = await buildApp(config, { logger: false, database: testDb.database });
    // Test-only routes on the real app (its error handler and plugins), registered before listen.
    app.get('/boom', async () => {
      throw Object.assign(new Error(secret), { stack: secret });
    });
    app.get('/boom-status', async () => {
      throw Object.assign(new Error(secret), { statusCode: 502 });
    });
    app.get('/boom-string', async () => {
      throw secret;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const target = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
    try {
      for (const path of ['/boom', '/boom-status', '/boom-string']) {
        const res = await get(target, path);
        expect({ path, status: res.status }).toEqual({ path, status: 500 });
        expect(res.body).toEqual({ error: MSG.serverError });
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
      }
    } finally {
      await app.close();
      await testDb.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
