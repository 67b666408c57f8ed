/** The sitemap's pieces (GET /sitemap/...): published listings in blocks of 50,000 seq values, and the landing places. */
import { inArray } from 'drizzle-orm';
import { MSG, SITE_KEY_HEADER } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { RATE_LIMITS } from '../src/plugins/rate-limit-policy';
import { SITEMAP_CACHE_MS } from '../src/sitemap/sitemap-routes';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { CATALOGUE, PUBLISHED_COUNT, insertCatalogue } from './support/listings';
import { get, request } from './support/http';
import { publishListing } from './support/owner-listings';
import { createUser } from './support/users';

describe.each(engines())('sitemap on %s', (engine) => {
  let t: TestApp;
  let ids: string[];
  let farId: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    ids = await insertCatalogue(t.app);
    // a listing far along the sequence (as at 1,000,000 listings) falls in its own block
    const [row] = await t.app.db
      .insert(anuncios)
      .values({ seq: 120_001, title: 'Lejos', description: 'd', proposito: 'alquiler', propiedad: 'Casa', moneda: 'RD', price: 1, priceRd: 1, place: 'Sosúa', region: 'Puerto Plata', locality: 'El Batey' })
      .returning({ id: anuncios.id });
    farId = row.id;
  });
  afterAll(() => t.close());

  test('the index names the blocks that hold published listings, with their last change', async () => {
    const res = await get(t, '/sitemap/anuncios');
    expect(res.status).toBe(200);
    expect(res.body.perFile).toBe(50_000);
    expect(res.body.files.map((f: { file: number }) => f.file)).toEqual([0, 2]);
    for (const f of res.body.files) expect(new Date(f.lastmod).toISOString()).toBe(f.lastmod);
  });

  test('a block lists its published listings in order, without withdrawn ones', async () => {
    const first = await get(t, '/sitemap/anuncios/0');
    expect(first.status).toBe(200);
    const withdrawn = ids.filter((_, i) => CATALOGUE[i].status === 'withdrawn');
    expect(first.body.items).toHaveLength(PUBLISHED_COUNT);
    expect(first.body.items.map((x: { id: string }) => x.id)).toEqual(ids.filter((id) => !withdrawn.includes(id)));
    expect((await get(t, '/sitemap/anuncios/1')).body.items).toEqual([]);
    expect((await get(t, '/sitemap/anuncios/2')).body.items.map((x: { id: string }) => x.id)).toEqual([farId]);
    expect((await get(t, '/sitemap/anuncios/-1')).status).toBe(400);
    expect((await get(t, '/sitemap/anuncios/abc')).status).toBe(400);
  });

  test('a listing a visitor cannot open (paused, held, withdrawn by a moderator, blocked owner) is not listed', async () => {
    const hidden = [
      { estado: 'pausado' as const, bloqueado: false },
      { estado: 'en revisión' as const, bloqueado: false },
      { estado: 'retirado' as const, bloqueado: false },
      { estado: 'activo' as const, bloqueado: true },
    ];
    const rows = await t.app.db
      .insert(anuncios)
      .values(hidden.map((h, i) => ({ ...h, seq: 130_001 + i, title: `Oculto ${i}`, description: 'd', proposito: 'venta', propiedad: 'Casa', moneda: 'RD' as const, price: 1, priceRd: 1, place: 'Baní', region: 'Peravia', locality: `Escondido ${i}` })))
      .returning({ id: anuncios.id });
    const [sold] = await t.app.db
      .insert(anuncios)
      .values({ estado: 'vendido', seq: 130_010, title: 'Vendida', description: 'd', proposito: 'venta', propiedad: 'Casa', moneda: 'RD', price: 1, priceRd: 1, place: 'Baní', region: 'Peravia', locality: 'Vendido' })
      .returning({ id: anuncios.id });
    // the pieces are cached for SITEMAP_CACHE_MS (issue 40)
    t.clock.advance(SITEMAP_CACHE_MS);
    const listed = (await get(t, '/sitemap/anuncios/2')).body.items.map((x: { id: string }) => x.id);
    for (const { id } of rows) expect(listed).not.toContain(id);
    // a sold listing's detail still opens (with its banner): it stays listed
    expect(listed).toContain(sold.id);
    const places = (await get(t, '/sitemap/lugares')).body.items.map((x: { lugar?: string }) => x.lugar ?? '');
    expect(places.filter((l: string) => l.startsWith('escondido'))).toEqual([]);
    // a sold listing opens, but search no longer finds it: its place's landing page would be empty (issue 39)
    expect(places).not.toContain('vendido');
    for (const { id } of rows) expect((await get(t, `/anuncio/${id}`)).status).toBe(404);
    await t.app.db.delete(anuncios).where(inArray(anuncios.id, [...rows.map((r) => r.id), sold.id]));
    t.clock.advance(SITEMAP_CACHE_MS);
  });

  test('the landing pages that show listings, each place by its own slug, once each (issue 39)', async () => {
    const res = await get(t, '/sitemap/lugares');
    expect(res.status).toBe(200);
    const items = res.body.items as { proposito: string; propiedad: string; lugar?: string }[];
    expect(items).toContainEqual({ proposito: 'venta', propiedad: 'Apartamento' });
    expect(items).toContainEqual({ proposito: 'venta', propiedad: 'Apartamento', lugar: 'piantini' });
    expect(items).toContainEqual({ proposito: 'venta', propiedad: 'Apartamento', lugar: 'distrito-nacional' });
    expect(items).toContainEqual({ proposito: 'alquiler', propiedad: 'Casa', lugar: 'el-batey' });
    expect(items).toContainEqual({ proposito: 'alquiler', propiedad: 'Casa', lugar: 'sosua' });
    // "Santo Domingo" as a listing's municipality: /venta/apartamento/santo-domingo is the province's page, which shows other listings
    expect(items).not.toContainEqual({ proposito: 'venta', propiedad: 'Apartamento', lugar: 'santo-domingo' });
    // a known place without such listings has no entry
    expect(items.some((x) => x.lugar === 'cap-cana')).toBe(false);
    expect(items.some((x) => x.lugar === 'oculta' || x.lugar === 'zona-oculta')).toBe(false);
    const keys = items.map((x) => JSON.stringify(x));
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('issue 42: the attribute pages a listing appears on, under its places; none for land nor for an unknown value', async () => {
    const rows = await t.app.db
      .insert(anuncios)
      .values([
        { seq: 140_001, title: 'Amueblado con planta', description: 'd', proposito: 'alquiler', propiedad: 'Apartamento', moneda: 'RD', price: 1, priceRd: 1, place: 'Sosúa', region: 'Puerto Plata', locality: 'El Batey', amueblado: 'si', respaldo: 'planta', ascensor: true },
        { seq: 140_002, title: 'Solar con piscina', description: 'd', proposito: 'venta', propiedad: 'Solar', moneda: 'RD', price: 1, priceRd: 1, place: 'Sosúa', region: 'Puerto Plata', locality: 'El Batey', piscina: true },
        { seq: 140_003, title: 'Sin indicar', description: 'd', proposito: 'venta', propiedad: 'Casa', moneda: 'RD', price: 1, priceRd: 1, place: 'Sosúa', region: 'Puerto Plata', locality: 'El Batey', amueblado: 'semi', ascensor: null },
      ])
      .returning({ id: anuncios.id });
    t.clock.advance(SITEMAP_CACHE_MS);
    const items = (await get(t, '/sitemap/lugares')).body.items as { proposito: string; propiedad: string; lugar?: string; atributo?: string }[];
    const pages = (proposito: string, propiedad: string, lugar: string) =>
      items.filter((x) => x.proposito === proposito && x.propiedad === propiedad && x.lugar === lugar && x.atributo).map((x) => x.atributo).sort();
    expect(pages('alquiler', 'Apartamento', 'el-batey')).toEqual(['amueblado', 'con-ascensor', 'con-planta']);
    expect(pages('alquiler', 'Apartamento', 'sosua')).toEqual(['amueblado', 'con-ascensor', 'con-planta']);
    expect(pages('venta', 'Solar', 'el-batey')).toEqual([]);
    // semi-furnished and an unknown elevator name no page
    expect(pages('venta', 'Casa', 'el-batey')).toEqual([]);
    // never without a place: /alquiler/apartamento/amueblado would read "amueblado" as a place
    expect(items.some((x) => x.atributo && !x.lugar)).toBe(false);
    await t.app.db.delete(anuncios).where(inArray(anuncios.id, rows.map((r) => r.id)));
    t.clock.advance(SITEMAP_CACHE_MS);
  });
});

/** Issue 40: the sitemap calls were unthrottled full scans recomputed on every request. */
describe.each(engines())('sitemap load on %s', (engine) => {
  const SITE_KEY = 'clave-del-servidor-del-sitio-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { trustProxy: 1, siteApiKey: SITE_KEY } as never);
    await insertCatalogue(t.app);
  });
  afterAll(() => t.close());
  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });
  const insertListing = async (seq: number, locality: string) => {
    const [row] = await t.app.db
      .insert(anuncios)
      .values({ seq, title: 'Nueva', description: 'd', proposito: 'venta', propiedad: 'Casa', moneda: 'RD', price: 1, priceRd: 1, place: 'Baní', region: 'Peravia', locality })
      .returning({ id: anuncios.id });
    return row.id;
  };

  test('answered from a cache that every change reaches within SITEMAP_CACHE_MS', async () => {
    const ids = (await get(t, '/sitemap/anuncios/0', from('192.0.2.1'))).body.items.map((x: { id: string }) => x.id);
    const files = (await get(t, '/sitemap/anuncios', from('192.0.2.1'))).body.files;
    const places = (await get(t, '/sitemap/lugares', from('192.0.2.1'))).body.items;
    const fresh = await insertListing(50_001, 'Recién publicado');
    // within the delay: the same answers, not a new scan
    t.clock.advance(SITEMAP_CACHE_MS - 1000);
    expect((await get(t, '/sitemap/anuncios/0', from('192.0.2.1'))).body.items.map((x: { id: string }) => x.id)).toEqual(ids);
    expect((await get(t, '/sitemap/anuncios', from('192.0.2.1'))).body.files).toEqual(files);
    expect((await get(t, '/sitemap/lugares', from('192.0.2.1'))).body.items).toEqual(places);
    // past it: the publish is there
    t.clock.advance(1000);
    expect((await get(t, '/sitemap/anuncios', from('192.0.2.1'))).body.files.map((f: { file: number }) => f.file)).toEqual([0, 1]);
    expect((await get(t, '/sitemap/anuncios/1', from('192.0.2.1'))).body.items.map((x: { id: string }) => x.id)).toEqual([fresh]);
    expect((await get(t, '/sitemap/lugares', from('192.0.2.1'))).body.items.map((x: { lugar?: string }) => x.lugar)).toContain('recien-publicado');
  });

  test('a publish or a removal through the API reaches the cached answers at once (every change drops them)', async () => {
    const { auth } = await createUser(t.app);
    const before = (await get(t, '/sitemap/lugares', from('192.0.2.2'))).body.items;
    const published = await publishListing(t, auth, { locality: 'Barrio del sitemap', place: 'Baní', region: 'Peravia' });
    const lugares = async () => (await get(t, '/sitemap/lugares', from('192.0.2.2'))).body.items.map((x: { lugar?: string }) => x.lugar);
    expect(await lugares()).toContain('barrio-del-sitemap');
    expect((await request(t, 'DELETE', `/${published._id}`, { headers: auth })).status).toBe(200);
    expect(await lugares()).not.toContain('barrio-del-sitemap');
    expect((await get(t, '/sitemap/lugares', from('192.0.2.2'))).body.items).toEqual(before);
  });

  test('per client: 429 with Retry-After past the budget; another client and the site server (by its key) are still served; a wrong key is anyone', async () => {
    const max = RATE_LIMITS.sitemap.ip.max;
    const paths = ['/sitemap/anuncios', '/sitemap/anuncios/0', '/sitemap/lugares'];
    for (let i = 0; i < max; i++) expect((await get(t, paths[i % 3], from('198.51.100.7'))).status).toBe(200);
    const refused = await get(t, '/sitemap/anuncios/0', from('198.51.100.7'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MSG.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(t, '/sitemap/lugares', from('198.51.100.7', { [SITE_KEY_HEADER]: 'adivinada-0123456789abcdef0123456789abcdef' }))).status).toBe(429);
    expect((await get(t, '/sitemap/anuncios/0', from('198.51.100.8'))).status).toBe(200);
    // the site server builds every crawler's sitemap: it is not one client among others
    for (let i = 0; i < max + 5; i++) expect((await get(t, paths[i % 3], from('198.51.100.7', { [SITE_KEY_HEADER]: SITE_KEY }))).status).toBe(200);
  });
});
