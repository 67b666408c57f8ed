/** `POST /allAnuncios` and `GET /anuncio/:id` against a known catalogue, counts checked exactly. */
import crypto from 'node:crypto';
import { MSG, PAGE_SIZE } from 'shared-contracts';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { CATALOGUE, PUBLISHED_COUNT, insertCatalogue } from './support/listings';
import { get, post } from './support/http';

describe.each(engines())('search on %s', (engine) => {
  let t: TestApp;
  let ids: string[];
  beforeAll(async () => {
    t = await startTestApp(engine);
    ids = await insertCatalogue(t.app);
  });
  afterAll(() => t.close());

  const search = (filters: unknown, page: unknown = 0) => post(t, '/allAnuncios', { filters, page });
  const countOf = async (filters: Record<string, unknown>) => {
    const res = await search(filters);
    expect(res.status).toBe(200);
    return res.body.count;
  };

  test.each([
    ['nothing', {}, 25],
    ['place', { place: 'Santo Domingo' }, 3],
    ['locality', { locality: 'Bávaro' }, 2],
    ['region', { region: 'La Altagracia' }, 16],
    ['proposito alquiler', { proposito: 'alquiler' }, 4],
    ['proposito venta', { proposito: 'venta' }, 21],
    ['propiedad', { propiedad: 'Apartamento' }, 3],
    ['propiedad of the filter-only list', { propiedad: 'Edificio' }, 0],
    ['habitaciones means at least', { habitaciones: 3 }, 6],
    ['habitaciones 0 = any known count', { habitaciones: 0 }, 9],
    ['habitaciones as a string', { habitaciones: '3' }, 6],
    ['metrosMin inclusive', { metrosMin: 450 }, 17],
    ['metrosMax inclusive', { metrosMax: 100 }, 3],
    ['metros range', { metrosMin: 100, metrosMax: 200 }, 4],
    ['moneda US', { moneda: 'US' }, 5],
    ['moneda RD', { moneda: 'RD' }, 20],
    ['RD$ range without currency (US$ converted), inclusive', { precioMin: 1_000_000, precioMax: 4_500_000 }, 16],
    ['low RD$ range counts converted US$ rents', { precioMin: 1_500, precioMax: 250_000 }, 4],
    ['US$ range applies to US$ listings only', { moneda: 'US', precioMin: 1_500, precioMax: 250_000 }, 3],
    ['precioMin only', { precioMin: 36_000_000 }, 2],
    ['place + proposito', { place: 'Punta Cana', proposito: 'venta' }, 1],
    ['region + proposito + habitaciones', { region: 'Santiago', proposito: 'alquiler', habitaciones: 3 }, 1],
    ['six filters', { proposito: 'venta', propiedad: 'Apartamento', moneda: 'RD', precioMax: 8_000_000, metrosMin: 120, habitaciones: 3 }, 1],
    ['no match', { place: 'Santiago', propiedad: 'Villa' }, 0],
    ['empty and null values are ignored', { place: '', region: null, habitaciones: '', moneda: undefined }, 25],
    ['withdrawn listings never match', { place: 'Zona Oculta' }, 0],
  ])('filter: %s', async (_name, filters, expected) => {
    expect(await countOf(filters)).toBe(expected);
  });

  test('the listings answered are exactly those matching, newest first', async () => {
    const res = await search({ region: 'La Altagracia', metrosMin: 450 });
    expect(res.body.count).toBe(15);
    expect(res.body.anuncios).toHaveLength(PAGE_SIZE);
    for (const a of res.body.anuncios) {
      expect(a.region).toBe('La Altagracia');
      expect(a.metros).toBeGreaterThanOrEqual(450);
    }
    const seqOrder = res.body.anuncios.map((a: { _id: string }) => ids.indexOf(a._id));
    expect(seqOrder).toEqual([...seqOrder].sort((a, b) => b - a));
  });

  test('12 per page, newest first, stable across pages; count is the total', async () => {
    const pages = await Promise.all([0, 1, 2].map((p) => search({}, p)));
    expect(pages.map((p) => p.body.anuncios.length)).toEqual([12, 12, 1]);
    for (const p of pages) expect(p.body.count).toBe(PUBLISHED_COUNT);
    const seen = pages.flatMap((p) => p.body.anuncios.map((a: { _id: string }) => a._id));
    const expected = ids.filter((_, i) => CATALOGUE[i].status !== 'withdrawn').reverse();
    expect(seen).toEqual(expected);
    // A missing page is page 0.
    expect((await post(t, '/allAnuncios', { filters: {} })).body.anuncios[0]._id).toBe(expected[0]);
    // Issue 19: a page past the end is the last page, however far (no deep offset is run).
    for (const far of [3, 99_999]) expect((await search({}, far)).body).toEqual(pages[2].body);
    expect((await search({ place: 'Santiago', propiedad: 'Villa' }, 500)).body).toMatchObject({ count: 0, anuncios: [] });
  });

  test('option lists: distinct, non-empty, published only, sorted for Spanish', async () => {
    const res = await search({ place: 'Santiago' });
    expect(res.body.placeOptions).toEqual(['Baní', 'bonao', 'Higüey', 'La Romana', 'Nagua', 'Punta Cana', 'Santiago', 'Santo Domingo']);
    expect(res.body.regionOptions).toEqual(['Distrito Nacional', 'La Altagracia', 'La Romana', 'María Trinidad Sánchez', 'Monseñor Nouel', 'Peravia', 'Santiago']);
    expect(res.body.localityOptions).toEqual(['Bávaro', 'Casa de Campo', 'Centro', 'Cerros de Gurabo', 'Los Jardines', 'Naco', 'Piantini']);
  });

  test('each listing carries every field of the SPEC with _id and absolute image URLs', async () => {
    const res = await search({ locality: 'Piantini', propiedad: 'Apartamento' });
    expect(res.body.anuncios).toHaveLength(1);
    const a = res.body.anuncios[0];
    expect(a).toMatchObject({
      _id: ids[0],
      title: 'Anuncio 1',
      price: 8_000_000,
      moneda: 'RD',
      proposito: 'venta',
      propiedad: 'Apartamento',
      metros: 120,
      habitaciones: 3,
      banos: null,
      nivel: null,
      balcon: false,
      patio: false,
      piscina: false,
      parqueo: false,
      name: 'Luis',
      apellido: 'Báez',
      empresa: '',
      canales: ['telefono', 'email', 'whatsapp'], // a valid Dominican phone (issue 21)
      place: 'Santo Domingo',
      region: 'Distrito Nacional',
      locality: 'Piantini',
      address: 'Calle 1',
      latitude: 18.47,
      longitude: -69.9,
      image_urls: ['http://api.test/photos/abc123.webp'],
      // Issue 45: sizes beside the URLs; this row's photo was never sized (inserted by hand).
      image_sizes: [null],
      source: null,
    });
    expect(a).not.toHaveProperty('ownerId');
    // Issue 19: the phone and email only through POST /anuncio/{id}/contacto.
    expect(a).not.toHaveProperty('movil');
    expect(a).not.toHaveProperty('email');
    expect((await search({ locality: 'Casa de Campo' })).body.anuncios[0].source).toBe('hazim');
  });

  test.each([
    ['negative metros', { filters: { metrosMin: -1 } }],
    ['negative price', { filters: { precioMax: -5 } }],
    ['negative rooms', { filters: { habitaciones: -2 } }],
    ['unknown proposito', { filters: { proposito: 'construir' } }],
    ['unknown propiedad', { filters: { propiedad: 'Castillo' } }],
    ['unknown moneda', { filters: { moneda: 'EUR' } }],
    ['unknown filter', { filters: { owner: 'x' } }],
    ['not a number', { filters: { metrosMin: 'mucho' } }],
    ['negative page', { filters: {}, page: -1 }],
  ])('400 for %s', async (_name, body) => {
    const res = await post(t, '/allAnuncios', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  test('detail: a listing by id; unknown, malformed or withdrawn ids answer 404 with a message', async () => {
    const ok = await get(t, `/anuncio/${ids[2]}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ _id: ids[2], place: 'Santiago', moneda: 'US', price: 250_000 });
    for (const id of [crypto.randomUUID(), 'no-es-un-id', ids[9], '%00']) {
      const res = await get(t, `/anuncio/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
    expect((await get(t, `/anuncio/${crypto.randomUUID()}`)).body).toEqual({ message: MSG.notFound });
  });
});
