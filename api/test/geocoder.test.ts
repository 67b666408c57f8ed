/**
 * The offline geocoder over the real gazetteer, through the real Fastify routes over HTTP
 * (port 4210: this suite's own port in the 4200-4299 range).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { MSG, type GeocodeResponse } from 'shared-contracts';
import geocodeRoutes from '../src/geocoder/geocoder-routes';
import { findMunicipality, findProvince, findSector, getGazetteer, gazetteerAttribution } from '../src/geocoder';
import errorHandler from '../src/plugins/error-handler';
import { setZodCompilers } from '../src/plugins/openapi';

const PORT = 4210;
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  // as in the app: zod route schemas, refusals answered by the API's error handler
  setZodCompilers(app);
  await app.register(errorHandler);
  await app.register(geocodeRoutes, {});
  await app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(() => app.close());

async function get(url: string): Promise<{ status: number; body: GeocodeResponse & { error?: string } }> {
  const res = await fetch(`http://127.0.0.1:${PORT}${url}`);
  return { status: res.status, body: await res.json() };
}
const contextText = (f: GeocodeResponse['features'][number], kind: string) => f.context.find((c) => c.id.includes(kind))?.text;

describe('GET /geocode/search', () => {
  it('finds a sector accent- and case-insensitively, in the SPEC shape', async () => {
    const { status, body } = await get('/geocode/search?q=BELLA%20vista');
    expect(status).toBe(200);
    const f = body.features[0];
    expect(f.place_name).toBe('Bella Vista, Santo Domingo de Guzmán, Distrito Nacional, República Dominicana');
    expect(f.text).toBe('Bella Vista');
    expect(f.id).toBe('locality.0101-bella-vista');
    expect(f.center[0]).toBeCloseTo(-69.94, 1);
    expect(f.center[1]).toBeCloseTo(18.45, 1);
    expect(contextText(f, 'locality')).toBe('Bella Vista');
    expect(contextText(f, 'place')).toBe('Santo Domingo de Guzmán');
    expect(contextText(f, 'region')).toBe('Distrito Nacional');
  });

  it('matches word prefixes without accents, and alternative names', async () => {
    const higuey = await get('/geocode/search?q=higu');
    expect(higuey.body.features.map((f) => f.text)).toContain('Higüey');
    const alt = await get('/geocode/search?q=salvaleon');
    expect(alt.body.features[0].text).toBe('Higüey');
    expect(contextText(alt.body.features[0], 'region')).toBe('La Altagracia');
    const zona = await get('/geocode/search?q=zona%20colo');
    expect(zona.body.features[0].text).toBe('Ciudad Colonial');
    // A word in the middle of the name matches too.
    const vista = await get('/geocode/search?q=vista');
    expect(vista.body.features.map((f) => f.text)).toContain('Bella Vista');
  });

  it('knows the sectors people look for (issue 39): Piantini, Naco, Bávaro, Cap Cana, Cerros de Gurabo', async () => {
    const piantini = (await get('/geocode/search?q=piantini')).body.features[0];
    expect(piantini.place_name).toBe('Piantini, Santo Domingo de Guzmán, Distrito Nacional, República Dominicana');
    expect(contextText(piantini, 'locality')).toBe('Piantini');
    // GeoNames' point, within 2 km of the sector (arc-minute precision)
    expect(piantini.center[0]).toBeCloseTo(-69.95, 1);
    expect(piantini.center[1]).toBeCloseTo(18.47, 1);
    const bavaro = (await get('/geocode/search?q=bavaro')).body.features[0];
    expect(bavaro.place_name).toBe('Bávaro, Higüey, La Altagracia, República Dominicana');
    expect(bavaro.center[0]).toBeCloseTo(-68.43, 1);
    expect((await get('/geocode/search?q=ensanche%20naco')).body.features[0].text).toBe('Naco');
    expect((await get('/geocode/search?q=cap%20cana')).body.features[0].place_name).toBe('Cap Cana, Higüey, La Altagracia, República Dominicana');
    expect((await get('/geocode/search?q=cerros%20de%20gurabo')).body.features[0].text).toBe('Los Cerros de Gurabo');
  });

  it('answers provinces, municipalities and sectors, at most 8, broader places first', async () => {
    const { body } = await get('/geocode/search?q=santo%20domingo');
    expect(body.features.length).toBeGreaterThan(1);
    expect(body.features.length).toBeLessThanOrEqual(8);
    expect(body.features[0]).toMatchObject({ id: 'region.32', place_name: 'Santo Domingo, República Dominicana' });
    expect(body.features.map((f) => f.text)).toEqual(expect.arrayContaining(['Santo Domingo Este', 'Santo Domingo de Guzmán']));
    const many = await get('/geocode/search?q=san');
    expect(many.body.features).toHaveLength(8);
  });

  it('answers no features under 2 characters or for unknown places', async () => {
    expect((await get('/geocode/search?q=s')).body).toEqual({ features: [] });
    expect((await get('/geocode/search?q=%20%20')).body).toEqual({ features: [] });
    expect((await get('/geocode/search?q=zzzqqq')).body).toEqual({ features: [] });
  });

  it('refuses a missing, repeated or over-long query with 400 {error}', async () => {
    for (const url of ['/geocode/search', `/geocode/search?q=${'a'.repeat(101)}`, '/geocode/search?q=ab&q=cd']) {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body.error).toBe(MSG.invalidInput);
    }
  });
});

describe('GET /geocode/reverse', () => {
  it('names the sector a point of the Distrito Nacional lies in, then its municipality and province', async () => {
    const { status, body } = await get('/geocode/reverse?lng=-69.944&lat=18.456');
    expect(status).toBe(200);
    expect(body.features.map((f) => f.id)).toEqual(['locality.0101-bella-vista', 'place.0101', 'region.01']);
    const f = body.features[0];
    expect(f.place_name).toBe('Bella Vista, Santo Domingo de Guzmán, Distrito Nacional, República Dominicana');
    expect(contextText(f, 'place')).toBe('Santo Domingo de Guzmán');
    expect(contextText(f, 'region')).toBe('Distrito Nacional');
  });

  it('falls back to the nearest municipality where no sector is near', async () => {
    const { body } = await get('/geocode/reverse?lng=-70.53&lat=19.22');
    expect(body.features[0]).toMatchObject({ id: 'place.1301', text: 'La Vega' });
    expect(contextText(body.features[0], 'region')).toBe('La Vega');
    expect(contextText(body.features[0], 'locality')).toBeUndefined();
  });

  it('never names a sector it knows only by name: at Naco\'s stand-in point (its municipality\'s) the answer is another place', async () => {
    const naco = getGazetteer().sectors.find((s) => s.name === 'Naco')!;
    expect(naco.approx).toBe(true);
    const { body } = await get(`/geocode/reverse?lng=${naco.lng}&lat=${naco.lat}`);
    expect(body.features.length).toBeGreaterThan(0);
    expect(body.features.map((f) => f.text)).not.toContain('Naco');
  });

  it('answers no features outside the Dominican Republic (Haiti, the sea, Miami)', async () => {
    for (const [lng, lat] of [[-72.3, 18.55], [-69.9, 17.0], [-80.19, 25.76]]) {
      expect((await get(`/geocode/reverse?lng=${lng}&lat=${lat}`)).body).toEqual({ features: [] });
    }
  });

  it('refuses missing, non-numeric or out-of-range coordinates with 400 {error}', async () => {
    for (const q of ['', 'lng=-69.9', 'lng=abc&lat=18.4', 'lng=&lat=18.4', 'lng=-69.9&lat=95', 'lng=1e3&lat=18', 'lng=-69.9&lat=18.4%27--']) {
      const { status, body } = await get(`/geocode/reverse?${q}`);
      expect(status).toBe(400);
      expect(body.error).toBe(MSG.invalidInput);
    }
  });
});

describe('gazetteer lookups for feeds', () => {
  it('finds provinces, municipalities and sectors despite accents, case and prefixes', () => {
    expect(findProvince('SAN PEDRO DE MACORIS')?.id).toBe('23');
    expect(findProvince('Provincia de Santo Domingo')?.id).toBe('32');
    expect(findProvince('Atlantis')).toBeNull();
    expect(findMunicipality('higuey')).toMatchObject({ id: '1101', lat: expect.any(Number), lng: expect.any(Number) });
    expect(findMunicipality('Santiago de los Caballeros')?.id).toBe('2501');
    expect(findMunicipality('santo domingo este', 'santo domingo')?.province).toBe('32');
    expect(findMunicipality('Higüey', 'Santiago')).toBeNull();
    expect(findSector('zona colonial')?.id).toBe('0101-ciudad-colonial');
    expect(findSector('Punta Cana')).toMatchObject({ municipality: '1101' });
  });

  it('loads the copied gazetteer once, with its licence notice', () => {
    const g = getGazetteer();
    expect(getGazetteer()).toBe(g);
    expect(g.provinces).toHaveLength(32);
    expect(g.municipalities).toHaveLength(158);
    expect(gazetteerAttribution()).toMatch(/GeoNames/);
    expect(gazetteerAttribution()).toMatch(/ODbL/);
  });
});
