/**
 * GEOCODER_URL: the routes proxy a Nominatim-compatible server and normalise its answers.
 * The "Nominatim" here is a real local HTTP server (port 4220) answering Nominatim-style JSON;
 * the API listens on 4221.
 */
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { MSG, type GeocodeResponse } from 'shared-contracts';
import geocodeRoutes from '../src/geocoder/geocoder-routes';
import errorHandler from '../src/plugins/error-handler';
import { setZodCompilers } from '../src/plugins/openapi';

const NOMINATIM_PORT = 4220;
const API_PORT = 4221;
const requests: URL[] = [];
let mode: 'ok' | 'slow' | 'down' | 'garbage' = 'ok';
const timers: NodeJS.Timeout[] = [];

const piantini = {
  place_id: 1234,
  osm_type: 'relation',
  osm_id: 5678,
  lat: '18.4721',
  lon: '-69.9381',
  name: 'Piantini',
  display_name: 'Piantini, Santo Domingo de Guzmán, Distrito Nacional, 10148, República Dominicana',
  address: { suburb: 'Piantini', city: 'Santo Domingo de Guzmán', state: 'Distrito Nacional', country: 'República Dominicana', country_code: 'do' },
};
const haitiLeak = { ...piantini, place_id: 9, osm_id: 9, lat: '18.54', lon: '-72.34', name: 'Pétion-Ville' };

const nominatim = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${NOMINATIM_PORT}`);
  requests.push(url);
  if (mode === 'slow') return void timers.push(setTimeout(() => res.end('[]'), 3000));
  if (mode === 'down') return void res.writeHead(503).end('busy');
  res.setHeader('content-type', 'application/json');
  if (mode === 'garbage') return void res.end('<html>');
  if (url.pathname === '/search') return void res.end(JSON.stringify([piantini, haitiLeak]));
  if (url.pathname === '/reverse') {
    if (Number(url.searchParams.get('lat')) > 19.9) return void res.end(JSON.stringify({ error: 'Unable to geocode' }));
    return void res.end(JSON.stringify(piantini));
  }
  res.writeHead(404).end('{}');
});

let app: FastifyInstance;
beforeAll(async () => {
  await new Promise<void>((resolve) => nominatim.listen(NOMINATIM_PORT, '127.0.0.1', resolve));
  app = Fastify();
  // as in the app: zod route schemas, refusals answered by the API's error handler
  setZodCompilers(app);
  await app.register(errorHandler);
  await app.register(geocodeRoutes, { geocoderUrl: `http://127.0.0.1:${NOMINATIM_PORT}/`, timeoutMs: 300 });
  await app.listen({ port: API_PORT, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  timers.forEach(clearTimeout);
  nominatim.closeAllConnections();
  await new Promise((resolve) => nominatim.close(resolve));
});
beforeEach(() => {
  mode = 'ok';
  requests.length = 0;
});

async function get(path: string): Promise<{ status: number; body: GeocodeResponse & { error?: string } }> {
  const res = await fetch(`http://127.0.0.1:${API_PORT}${path}`);
  return { status: res.status, body: await res.json() };
}

it('searches Nominatim within the country, 8 results, and answers the SPEC shape', async () => {
  const { status, body } = await get('/geocode/search?q=piantini');
  expect(status).toBe(200);
  const sent = requests[0];
  expect(sent.pathname).toBe('/search');
  expect(Object.fromEntries(sent.searchParams)).toMatchObject({ format: 'jsonv2', countrycodes: 'do', limit: '8', q: 'piantini' });
  // The point outside the Dominican Republic is dropped.
  expect(body.features).toEqual([
    {
      id: 'relation.5678',
      text: 'Piantini',
      place_name: piantini.display_name,
      center: [-69.9381, 18.4721],
      context: [
        { id: 'locality.piantini', text: 'Piantini' },
        { id: 'place.santo-domingo-de-guzman', text: 'Santo Domingo de Guzmán' },
        { id: 'region.distrito-nacional', text: 'Distrito Nacional' },
      ],
    },
  ]);
});

it('reverse-geocodes through Nominatim, and answers no features where it finds nothing', async () => {
  const { body } = await get('/geocode/reverse?lng=-69.94&lat=18.47');
  expect(Object.fromEntries(requests[0].searchParams)).toMatchObject({ format: 'jsonv2', lon: '-69.94', lat: '18.47' });
  expect(body.features[0].place_name).toBe(piantini.display_name);
  expect(body.features[0].context.map((c) => c.id.split('.')[0])).toEqual(['locality', 'place', 'region']);
  expect((await get('/geocode/reverse?lng=-70.5&lat=19.95')).body).toEqual({ features: [] });
});

it('does not ask Nominatim about points outside the country or queries under 2 characters', async () => {
  expect((await get('/geocode/reverse?lng=-80.19&lat=25.76')).body).toEqual({ features: [] });
  expect((await get('/geocode/search?q=p')).body).toEqual({ features: [] });
  expect(requests).toHaveLength(0);
});

it('answers 502 with the SPEC text when Nominatim is slow, down or answers garbage', async () => {
  for (const m of ['slow', 'down', 'garbage'] as const) {
    mode = m;
    const started = Date.now();
    // A query of its own each time: answers are cached (issue 19), failures are not.
    const { status, body } = await get(`/geocode/search?q=naco-${m}`);
    expect({ m, status, body }).toEqual({ m, status: 502, body: { error: MSG.geocoderError } });
    // The 300 ms timeout cuts the slow server off long before its 3 s answer.
    expect(Date.now() - started).toBeLessThan(2000);
  }
});
