/**
 * The OpenAPI 3.1 document (decision 0025; issue 45): every registered route is in it with its
 * answers, and real answers (publish, search, detail, login, favourites, refusals 400/401/404)
 * validate against the schema the document gives for their status. Docs are off in production
 * unless API_DOCS=1.
 */
import type { RouteOptions } from 'fastify';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { AREA_MSG, FREE_PLAN_COUNT, MSG } from 'shared-contracts';
import { loadConfig } from '../src/config';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { createUser, TEST_PASSWORD } from './support/users';
import { get, request, type JsonAnswer } from './support/http';
import { listingForm, pngOf } from './support/owner-listings';
import { LISTING_FIELDS } from './support/listing-fields';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
  requestBody?: { content: Record<string, unknown> };
  security?: unknown[];
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `/anuncio/:id` as OpenAPI writes it. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** The routes anyone can call that the document describes: not HEAD twins, CORS preflight or hidden ones. */
// Fastify's own HEAD twin of each GET is left out; a HEAD a route declares itself (the photos') is documented.
function documentable(routes: RouteOptions[]): string[] {
  return routes
    .filter((r) => !(r.schema as { hide?: boolean } | undefined)?.hide && r.url !== '*')
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method].filter((m) => m !== 'HEAD')).map((m) => `${m.toLowerCase()} ${openapiPath(r.url)}`));
}

describe.each(engines())('OpenAPI document on %s', (engine) => {
  let t: TestApp;
  let doc: Document;
  const registered: RouteOptions[] = [];
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

  /** The answer's body validates against the documented schema of its status (or the `default` answer). */
  function expectDocumented(method: string, url: string, res: JsonAnswer) {
    const op = doc.paths[openapiPath(url)]?.[method];
    expect({ route: `${method} ${url}`, documented: Boolean(op) }).toEqual({ route: `${method} ${url}`, documented: true });
    const answer = op.responses[String(res.status)] ?? op.responses.default;
    const schema = answer?.content?.['application/json']?.schema;
    expect({ route: `${method} ${url}`, status: res.status, schema: Boolean(schema) }).toEqual({ route: `${method} ${url}`, status: res.status, schema: true });
    const validate = ajv.compile(schema!);
    const ok = validate(res.body);
    expect({ route: `${method} ${url}`, status: res.status, errors: ok ? null : validate.errors }).toEqual({ route: `${method} ${url}`, status: res.status, errors: null });
  }

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { onRoute: (r) => void registered.push(r) });
    const res = await get(t, '/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => t.close());

  test('is OpenAPI 3.1 and describes every registered route with its answers', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const routes = documentable(registered);
    expect(routes.length).toBeGreaterThan(35);
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(described.sort()).toEqual([...new Set(routes)].sort());
    for (const route of routes) {
      const [method, path] = route.split(' ');
      const { responses } = doc.paths[path][method];
      const success = Object.keys(responses).filter((s) => /^2\d\d$/.test(s));
      expect({ route, success: success.length > 0, default: Boolean(responses.default) }).toEqual({ route, success: true, default: true });
      for (const status of success) {
        if (status === '204') continue;
        expect({ route, status, content: Object.keys(responses[status].content ?? {}).length > 0 }).toEqual({ route, status, content: true });
      }
    }
    // the calls that need a token say so, and the uploads are multipart
    expect(doc.paths['/misAnuncios'].post.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths['/anuncio'].post.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/user/login'].post.requestBody!.content)).toEqual(['application/json']);
  });

  test('the browsable docs are served at /docs', async () => {
    expect((await fetch(`${t.url}/docs`)).status).toBe(200);
    const res = await fetch(`${t.url}/docs/static/index.html`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
  });

  test('with docs off (production without API_DOCS=1) neither is served, and requests are still validated', async () => {
    const off = await startTestApp(engine, { apiDocs: false });
    try {
      expect((await get(off, '/openapi.json')).status).toBe(404);
      expect((await fetch(`${off.url}/docs`)).status).toBe(404);
      const invalid = await request(off, 'POST', '/allAnuncios', { body: { filters: { precioMin: -1 } } });
      expect(invalid).toMatchObject({ status: 400, body: { error: MSG.noNegativos } });
    } finally {
      await off.close();
    }
  });

  test('real answers match the documented schema of their status', async () => {
    const owner = await createUser(t.app);
    const published = await request(t, 'POST', '/anuncio', { raw: await publishForm(), headers: owner.auth });
    expect(published.status).toBe(201);
    expectDocumented('post', '/anuncio', published);
    const id = published.body._id as string;

    const search = await request(t, 'POST', '/allAnuncios', { body: { filters: {}, page: 0 } });
    expect(search.status).toBe(200);
    expect(search.body.anuncios.map((a: { _id: string }) => a._id)).toContain(id);
    expectDocumented('post', '/allAnuncios', search);

    const mapa = await request(t, 'POST', '/anuncios/mapa', { body: { filters: {}, vista: [17.3, -72.1, 20, -68.2], zoom: 8 } });
    expect(mapa.status).toBe(200);
    expect(mapa.body.total + mapa.body.sinUbicacion).toBeGreaterThan(0);
    expectDocumented('post', '/anuncios/mapa', mapa);

    const detail = await get(t, `/anuncio/${id}`);
    expect(detail.status).toBe(200);
    expectDocumented('get', '/anuncio/:id', detail);

    const login = await request(t, 'POST', '/api/user/login', { body: { email: owner.user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expectDocumented('post', '/api/user/login', login);

    const visitor = await createUser(t.app);
    const added = await request(t, 'PUT', `/favoritos/${id}`, { headers: visitor.auth });
    expect(added.status).toBe(200);
    expectDocumented('put', '/favoritos/:anuncioId', added);
    const favoritos = await get(t, '/favoritos', visitor.auth);
    expect(favoritos.body.favoritos).toHaveLength(1);
    expectDocumented('get', '/favoritos', favoritos);

    const mine = await request(t, 'POST', '/misAnuncios', { headers: owner.auth });
    expect(mine.status).toBe(200);
    expectDocumented('post', '/misAnuncios', mine);
  });

  test('refusals (400, 401, 404) match the documented schema too', async () => {
    const invalid = await request(t, 'POST', '/api/user/signup', { body: { email: 'no-es-email', password: 'x', name: 'A', apellido: 'B' } });
    expect(invalid.status).toBe(400);
    expectDocumented('post', '/api/user/signup', invalid);

    const badFilter = await request(t, 'POST', '/allAnuncios', { body: { filters: { precioMin: -1 } } });
    expect(badFilter).toMatchObject({ status: 400, body: { error: MSG.noNegativos } });
    expectDocumented('post', '/allAnuncios', badFilter);

    const badArea = await request(t, 'POST', '/anuncios/mapa', { body: { filters: { zona: '19,-70,18,-69' }, vista: [17.3, -72.1, 20, -68.2], zoom: 8 } });
    expect(badArea).toMatchObject({ status: 400, body: { error: AREA_MSG.zonaInvalida } });
    expectDocumented('post', '/anuncios/mapa', badArea);

    const noToken = await request(t, 'POST', '/comprarPlan', { body: { canitdadDeAnuncios: FREE_PLAN_COUNT } });
    expect(noToken).toMatchObject({ status: 401, body: { error: MSG.unauthorized } });
    expectDocumented('post', '/comprarPlan', noToken);

    const missing = await get(t, '/anuncio/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expectDocumented('get', '/anuncio/:id', missing);

    const wrongLogin = await request(t, 'POST', '/api/user/login', { body: { email: 'nadie@example.com', password: 'Otra1234!' } });
    expect(wrongLogin).toMatchObject({ status: 401, body: { error: MSG.invalidCredentials } });
    expectDocumented('post', '/api/user/login', wrongLogin);
  });
});

/** A listing form with one photo (the publish suites' fields). */
const publishForm = async () => listingForm(LISTING_FIELDS, [await pngOf('#3a7')]);

describe('docs switch (API_DOCS)', () => {
  const env = { PUBLIC_SITE_URL: 'https://inmuebles.do', PUBLIC_API_URL: 'https://api.inmuebles.do', SMTP_URL: 'smtp://mail.inmuebles.do', JWT_SECRET: 'x'.repeat(40) };
  test('off in production unless API_DOCS=1; on elsewhere unless API_DOCS=0', () => {
    const dir = '/tmp';
    expect(loadConfig({ ...env, NODE_ENV: 'production' }, dir).apiDocs).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'production', API_DOCS: '1' }, dir).apiDocs).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'development' }, dir).apiDocs).toBe(true);
    expect(loadConfig({ ...env, API_DOCS: '0' }, dir).apiDocs).toBe(false);
    expect(() => loadConfig({ ...env, API_DOCS: 'yes' }, dir)).toThrow(/API_DOCS/);
  });
});
