/**
 * Property tests (issue 12, item 7): generated bodies, queries and path parameters sent over real
 * HTTP to every route, signed in where the route needs it. Whatever arrives, the answer is never a
 * 5xx and always JSON. The rate limits are lifted so the generated input reaches the handlers.
 */
import fc from 'fast-check';
import { ORDENES } from 'shared-contracts';
import { engines } from './support/engines';
import { NO_LIMITS } from './support/limits';
import { startTestApp, type TestApp } from './support/app';
import { createUser } from './support/users';
import { insertCatalogue } from './support/listings';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** Keys each route reads, so generated objects often get past the first checks. */
const KEYS: Record<string, string[]> = {
  '/api/user/signup': ['email', 'password', 'name', 'apellido'],
  '/api/user/login': ['email', 'password'],
  '/confirmEmail': ['id', 'token'],
  '/get-email-confirmation-link': ['email'],
  '/forgot-password': ['email'],
  '/reset-password': ['id', 'token', 'newPassword'],
  '/allAnuncios': ['filters', 'page', 'orden'],
  '/comprarPlan': ['canitdadDeAnuncios'],
  '/misAnuncios': [],
};
const FILTER_KEYS = ['place', 'proposito', 'propiedad', 'moneda', 'precioMin', 'precioMax', 'habitaciones', 'region', 'locality', 'metrosMin', 'metrosMax', 'sort'];

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom("' OR 1=1 --", '"; DROP TABLE anuncios; --', '%00', '../../etc/passwd', '<script>alert(1)</script>', 'a'.repeat(6000), '\u0000', '1e309', '-1', 'NaN'),
);
const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileString, fc.integer(), fc.double());
const bodyFor = (keys: string[]) =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.constantFrom(...keys, '__proto__', 'constructor'), value),
    fc.record({ filters: fc.dictionary(fc.constantFrom(...FILTER_KEYS), value), page: value, orden: fc.oneof(value, fc.constantFrom(...ORDENES)) }, { requiredKeys: [] }),
  );

interface Answer {
  status: number;
  type: string | null;
  text: string;
}

async function send(t: TestApp, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${t.url}${path}`, { method, body, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

function expectSafe(answer: Answer, what: string) {
  if (answer.status >= 500 || !/^application\/json/.test(answer.type ?? '')) {
    throw new Error(`${what} -> ${answer.status} ${answer.type}: ${answer.text.slice(0, 200)}`);
  }
  JSON.parse(answer.text);
}

describe.each(engines())('generated input on %s', (engine) => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { rateLimits: NO_LIMITS });
    await insertCatalogue(t.app);
    auth = (await createUser(t.app)).auth;
  });
  afterAll(() => t.close());

  test.each(Object.keys(KEYS))('POST %s: bodies never give a 5xx or a non-JSON answer', async (path) => {
    const signedIn = path === '/comprarPlan' || path === '/misAnuncios';
    await fc.assert(
      fc.asyncProperty(bodyFor(KEYS[path].length ? KEYS[path] : ['x']), async (body) => {
        expectSafe(await send(t, 'POST', path, JSON.stringify(body), signedIn ? auth : {}), `${path} ${JSON.stringify(body).slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
  });

  test('raw bodies (broken JSON, other types) are refused as JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), async (raw, type) => {
        const res = await fetch(`${t.url}/api/user/login`, { method: 'POST', body: raw, headers: { 'content-type': type } });
        expectSafe({ status: res.status, type: res.headers.get('content-type'), text: await res.text() }, `login ${type} ${JSON.stringify(raw)}`);
      }),
      { numRuns: RUNS },
    );
  });

  test('path parameters of detail, photo and delete never give a 5xx', async () => {
    const segment = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.uuid(), fc.constantFrom("1' OR '1'='1", '..%2F..%2Fetc%2Fpasswd', 'x.webp', '%00'));
    await fc.assert(
      fc.asyncProperty(segment, fc.constantFrom('/anuncio/', '/photos/', '/'), async (param, prefix) => {
        const path = `${prefix}${encodeURIComponent(param)}`;
        const answer = prefix === '/' ? await send(t, 'DELETE', path, undefined, auth) : await send(t, 'GET', path);
        expectSafe(answer, `${prefix === '/' ? 'DELETE' : 'GET'} ${path}`);
        expect(answer.status).not.toBe(200);
      }),
      { numRuns: RUNS },
    );
  });

  test('geocoder queries never give a 5xx', async () => {
    const params = fc.dictionary(fc.constantFrom('q', 'lat', 'lng', 'x'), fc.oneof(fc.string({ unit: 'binary', maxLength: 120 }), fc.double().map(String)));
    await fc.assert(
      fc.asyncProperty(params, fc.constantFrom('search', 'reverse'), async (query, kind) => {
        const qs = new URLSearchParams(query).toString();
        expectSafe(await send(t, 'GET', `/geocode/${kind}?${qs}`), `geocode/${kind}?${qs}`);
      }),
      { numRuns: RUNS },
    );
  });

  test('publish form fields never give a 5xx', async () => {
    const fields = fc.dictionary(
      fc.constantFrom('title', 'price', 'moneda', 'proposito', 'propiedad', 'description', 'name', 'apellido', 'movil', 'email', 'address', 'latitude', 'longitude', 'metros', 'habitaciones', 'patio'),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        const fd = new FormData();
        for (const [k, v] of Object.entries(f)) fd.append(k, v);
        const res = await fetch(`${t.url}/anuncio`, { method: 'POST', body: fd, headers: auth });
        expectSafe({ status: res.status, type: res.headers.get('content-type'), text: await res.text() }, `anuncio ${JSON.stringify(f)}`);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});
