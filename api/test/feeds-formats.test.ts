/**
 * How partner words become listing values: currencies written every way, ads without
 * coordinates, the JSON form, HTML descriptions; imported into a real database and searched.
 */
import { asc, eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { htmlToText } from '../src/feeds/html-text';
import { mapCurrency, mapPropertyType, mapPurpose, parseAmount } from '../src/feeds/vocabulary';
import { engines } from './support/engines';
import { post } from './support/http';
import { setupFeedSuite } from './fixtures/feeds/support';

describe('feed vocabulary', () => {
  test.each([
    ['For Sale', 'venta'], ['venta', 'venta'], ['VENTA', 'venta'], ['For Rent', 'alquiler'], ['Alquiler', 'alquiler'],
    ['rent', 'alquiler'], ['Subasta', null], ['', null],
  ])('purpose %s -> %s', (word, expected) => expect(mapPurpose(word)).toBe(expected));

  test.each([
    ['house', 'Casa'], ['Casa', 'Casa'], ['apartment', 'Apartamento'], ['APARTAMENTO', 'Apartamento'], ['land', 'Terreno'],
    ['terreno', 'Terreno'], ['lot', 'Solar'], ['Solar', 'Solar'], ['Office', 'Oficina'], ['Commercial', 'Locales'],
    ['local comercial', 'Locales'], ['Penthouse', 'Penthouse'], ['villa', 'Villa'], ['Farm', 'Finca'], ['finca', 'Finca'],
    ['Building', 'Edificio'], ['edificio', 'Edificio'], ['Hotel', 'Hotel'], ['Estación de combustible', 'Estacion de Combustible'],
    ['Turístico', 'Turistico'], ['Apartamento en venta', 'Apartamento'], ['Castle', 'Otro'], ['', 'Otro'],
  ])('property type %s -> %s', (word, expected) => expect(mapPropertyType(word)).toBe(expected));

  test.each([
    ['DOP', 'RD'], ['RD$', 'RD'], ['rd', 'RD'], ['USD', 'US'], ['US$', 'US'], ['us', 'US'], ['EUR', null], ['', null],
  ])('currency %s -> %s', (word, expected) => expect(mapCurrency(word)).toBe(expected));

  test.each([
    ['1,500,000', 1_500_000], ['1.500.000', 1_500_000], ['1500000.00', 1_500_000], ['250,000.50', 250_000.5],
    ['85,5', 85.5], ['US$ 120,000', 120_000], ['a consultar', null],
  ])('amount %s -> %s', (text, expected) => expect(parseAmount(text)).toBe(expected));

  test('HTML descriptions become text with their line breaks, and nothing executable', () => {
    expect(htmlToText('<h2>Casa</h2><p>Linda&nbsp;casa<br>con patio</p><ul><li>Piscina</li><li>Jardín</li></ul><script>x()</script>')).toBe(
      'Casa\n\nLinda casa\ncon patio\n\n• Piscina\n• Jardín',
    );
    // Escaped markup is text the partner wrote; the pages render it as text, never as HTML.
    expect(htmlToText('Precio &lt;negociable&gt; &#8211; 3 hab &amp; 2 baños')).toBe('Precio <negociable> – 3 hab & 2 baños');
  });
});

describe.each(engines())('feed formats on %s', (engine) => {
  const feeds = setupFeedSuite(engine);
  const run = (partner: string, file: string) => feeds.importFeed({ partner, location: feeds.fx.file(file), photos: { timeoutMs: 500 } });
  const rowsOf = async (partner: string) =>
    new Map((await feeds.t.app.db.select().from(anuncios).where(eq(anuncios.source, partner)).orderBy(asc(anuncios.sourceRef))).map((r) => [r.sourceRef, r]));

  test('mixed currencies: every spelling of RD$ and US$, RD$ prices computed, unknown ones rejected', async () => {
    const report = await run('noves', 'mixed-currency.xml');
    expect(report).toMatchObject({ ok: true, ads: 11, created: 8, rejected: 3 });
    expect(report.rejections).toEqual([
      { id: 'm-9', reason: 'moneda desconocida: "EUR"' },
      { id: 'm-10', reason: 'moneda no indicada' },
      { id: 'm-11', reason: `price: ${MSG.precioRequerido}` },
    ]);
    const rows = await rowsOf('noves');
    const money = Object.fromEntries([...rows].map(([ref, r]) => [ref, [r.moneda, r.price, r.priceRd]]));
    expect(money).toEqual({
      'm-1': ['RD', 1_500_000, 1_500_000], 'm-2': ['RD', 2_500_000, 2_500_000], 'm-3': ['RD', 3_000_000, 3_000_000],
      'm-4': ['US', 100_000, 6_000_000], 'm-5': ['US', 200_000.5, 12_000_030], 'm-6': ['US', 300_000, 18_000_000],
      'm-7': ['US', 120_000, 7_200_000], 'm-8': ['RD', 1_200_000, 1_200_000],
    });
    for (const r of rows.values()) expect(r).toMatchObject({ place: 'Sosúa', region: 'Puerto Plata', empresa: 'Noves', name: 'Noves', propiedad: 'Villa' });
    const search = (filters: object) => post(feeds.t, '/allAnuncios', { filters, page: 0 });
    expect((await search({ moneda: 'US', place: 'Sosúa' })).body.count).toBe(4);
    expect((await search({ moneda: 'RD', place: 'Sosúa' })).body.count).toBe(4);
    // No currency chosen: prices compared in RD$, US$ converted.
    expect((await search({ place: 'Sosúa', precioMin: 5_000_000 })).body.count).toBe(4);
  });

  test('missing coordinates: the most specific matched place; nothing matched = rejected', async () => {
    const report = await run('habitame', 'missing-coordinates.xml');
    expect(report).toMatchObject({ ok: true, created: 6, rejected: 1 });
    expect(report.rejections).toEqual([{ id: 'c-5', reason: 'sin coordenadas y sin un lugar reconocido' }]);
    const rows = await rowsOf('habitame');
    const where = (ref: string) => {
      const r = rows.get(ref)!;
      return [r.region, r.place, r.locality, r.latitude, r.longitude];
    };
    expect(where('c-1')).toEqual(['Puerto Plata', 'Sosúa', 'Cabarete', 19.74982, -70.40829]);
    expect(where('c-2')).toEqual(['Samaná', 'Las Terrenas', '', 19.31102, -69.5428]);
    expect(where('c-3')).toEqual(['La Altagracia', '', '', 18.588089, -68.60531]);
    expect(where('c-4')).toEqual(['Distrito Nacional', 'Santo Domingo de Guzmán', 'Bella Vista', 18.45539, -69.9454]);
    // 0,0 means "unknown" in feeds: the city's point instead.
    expect(where('c-6')).toEqual(['Puerto Plata', 'Puerto Plata', '', 19.79344, -70.6884]);
    expect(where('c-7')).toEqual(['Puerto Plata', 'Puerto Plata', '', 19.79, -70.69]);
    const res = await post(feeds.t, '/allAnuncios', { filters: { locality: 'Cabarete' }, page: 0 });
    expect(res.body.anuncios.map((a: { title: string; source: string }) => [a.title, a.source])).toEqual([['Sin coordenadas 1', 'habitame']]);
  });

  test('the JSON form: same fields, feet converted, a slow photo skipped and reported', async () => {
    const report = await run('tucasard', 'tucasard.json');
    expect(report).toMatchObject({ ok: true, ads: 4, created: 2, rejected: 2, photosDownloaded: 1, photoFailureCount: 1 });
    expect(report.rejections).toEqual([
      { id: 't-3', reason: `description: ${MSG.descripcionRequerido}` },
      { id: '', reason: 'sin id' },
    ]);
    expect(report.photoFailures[0]).toMatchObject({ id: 't-1', reason: 'tiempo agotado (0.5 s)' });
    const rows = await rowsOf('tucasard');
    expect(rows.get('t-1')).toMatchObject({
      title: 'Penthouse con terraza', description: 'Penthouse de lujo\n\n• Terraza\n• Jacuzzi', propiedad: 'Penthouse',
      proposito: 'venta', moneda: 'US', price: 450_000, metros: 199.74, habitaciones: 3, banos: 3, parqueo: true, nivel: 12,
      empresa: 'TuCasa Piantini', name: 'TuCasaRD', apellido: '', email: 'pent@tucasard.example', movil: '+18295550400',
      place: 'Santo Domingo de Guzmán', region: 'Distrito Nacional', latitude: 18.47, longitude: -69.93,
    });
    expect(rows.get('t-1')!.imageKeys).toHaveLength(1);
    expect(rows.get('t-2')).toMatchObject({ propiedad: 'Locales', proposito: 'alquiler', moneda: 'RD', price: 60_000, place: 'Santiago', region: 'Santiago', empresa: 'TuCasaRD' });
    const res = await post(feeds.t, '/allAnuncios', { filters: { propiedad: 'Penthouse' }, page: 0 });
    expect(res.body.anuncios[0]).toMatchObject({ source: 'tucasard', empresa: 'TuCasa Piantini', image_urls: [expect.stringMatching(/^http:\/\/api\.test\/photos\/[0-9a-f]{32}\.webp$/)] });

    const again = await run('tucasard', 'tucasard.json');
    expect(again).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 2, withdrawn: 0 });
  });

  test('a JSON feed over its cap is refused', async () => {
    const report = await feeds.importFeed({ partner: 'tucasard', location: feeds.fx.file('tucasard.json'), limits: { jsonMaxBytes: 200 } });
    expect(report).toMatchObject({ ok: false, withdrawn: 0 });
    expect(report.fatal).toMatch(/límite/);
  });
});
