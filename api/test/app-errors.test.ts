/** Cross-cutting behaviour: error handler, hostile input, security headers, CORS, unknown routes. */
import { MSG } from 'shared-contracts';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { get, post, request } from './support/http';

describe.each(engines())('app on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { corsOrigins: ['http://site.test', 'http://localhost:3001'] }, {});
  });
  afterAll(() => t.close());

  test('NUL bytes and invalid UTF-8 answer 400, not 500', async () => {
    const nul = await post(t, '/api/user/signup', { email: 'a\u0000@b.c', password: 'Casa2024!', name: 'Ana', apellido: 'Gil' });
    expect(nul).toMatchObject({ status: 400, body: { error: MSG.invalidInput } });
    const nulKey = await post(t, '/allAnuncios', { filters: { ['pla\u0000ce']: 'x' }, page: 0 });
    expect(nulKey.status).toBe(400);
    const invalidUtf8 = Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('@x.do"}')]);
    const bad = await request(t, 'POST', '/forgot-password', { raw: new Uint8Array(invalidUtf8), headers: { 'content-type': 'application/json' } });
    expect(bad).toMatchObject({ status: 400, body: { error: MSG.invalidInput } });
    const search = await fetch(`${t.url}/geocode/search?q=%00ab`);
    expect(search.status).toBe(400);
  });

  test('malformed JSON and wrong content type answer 4xx with a generic message', async () => {
    const res = await request(t, 'POST', '/api/user/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, body: { error: MSG.invalidInput } });
    const xml = await request(t, 'POST', '/api/user/login', { raw: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual({ error: MSG.invalidInput });
  });

  test('a 500 answers a generic body without internals', async () => {
    // A database failure mid-request: the search table, its codes (a value without one finds
    // nothing without the table) and the count cube (which answers some counts without the table)
    // are renamed away for one call.
    await t.app.db.execute('ALTER TABLE anuncio_search RENAME TO anuncio_search_tmp');
    await t.app.db.execute('ALTER TABLE search_codes RENAME TO search_codes_tmp');
    await t.app.db.execute('ALTER TABLE search_cube RENAME TO search_cube_tmp');
    try {
      const res = await post(t, '/allAnuncios', { filters: { place: 'Boom', proposito: 'venta' }, page: 0 });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: MSG.serverError });
      expect(JSON.stringify(res.body)).not.toMatch(/anuncio|relation|stack/i);
    } finally {
      await t.app.db.execute('ALTER TABLE search_cube_tmp RENAME TO search_cube');
      await t.app.db.execute('ALTER TABLE search_codes_tmp RENAME TO search_codes');
      await t.app.db.execute('ALTER TABLE anuncio_search_tmp RENAME TO anuncio_search');
    }
  });

  test('security headers on every answer; CORS only for the configured origins', async () => {
    const res = await fetch(`${t.url}/health`, { headers: { origin: 'http://site.test' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test');

    const other = await fetch(`${t.url}/health`, { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${t.url}/anuncio`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3001', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3001');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  test('a page on an allowed origin may send its own request id and read the one answered (issue 45)', async () => {
    const res = await fetch(`${t.url}/health`, { headers: { origin: 'http://site.test', 'x-request-id': 'page-call-42' } });
    expect(res.headers.get('x-request-id')).toBe('page-call-42');
    // without this header a browser hides X-Request-Id from the page's script
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase().split(/,\s*/)).toContain('x-request-id');
    const preflight = await fetch(`${t.url}/anuncio`, {
      method: 'OPTIONS',
      headers: { origin: 'http://site.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-request-id' },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-request-id');
    // another origin learns nothing
    const other = await fetch(`${t.url}/health`, { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-expose-headers')).toBeNull();
  });

  test('unknown routes answer 404 JSON', async () => {
    expect(await get(t, '/no/existe')).toMatchObject({ status: 404, body: { error: MSG.notFound } });
  });
});
