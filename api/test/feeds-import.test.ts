/**
 * A partner's Trovit feed imported into a real app (PGlite, and PostgreSQL when DATABASE_URL is
 * set): listings checked column by column and through POST /allAnuncios, then the life of a feed
 * — same again, updated, broken in several ways, shrunk, back again, partly bad.
 */
import fs from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { anuncios, feedPhotos, type AnuncioRow } from '../src/db/schema';
import type { ImportOptions } from '../src/feeds/import-feed';
import { cardKeyOf } from '../src/photos';
import { engines } from './support/engines';
import { del, get, post } from './support/http';
import { createUser } from './support/users';
import { setupFeedSuite } from './fixtures/feeds/support';

describe.each(engines())('partner feed import on %s', (engine) => {
  const feeds = setupFeedSuite(engine);
  let clockMs = Date.UTC(2025, 1, 1);

  const run = (file: string, extra: Partial<ImportOptions> = {}) => {
    clockMs += 60_000;
    return feeds.importFeed({
      partner: 'hazim',
      location: fs.existsSync(feeds.fx.file(file)) ? feeds.fx.file(file) : file,
      photos: { timeoutMs: 1000 },
      now: () => new Date(clockMs),
      ...extra,
    });
  };
  const rows = async () => {
    const all = await feeds.t.app.db.select().from(anuncios).where(eq(anuncios.source, 'hazim')).orderBy(asc(anuncios.sourceRef));
    return new Map(all.map((r) => [r.sourceRef as string, r]));
  };
  const statuses = async () => Object.fromEntries([...(await rows())].map(([ref, r]) => [ref, r.status]));
  const search = (filters: Record<string, unknown> = {}) => post(feeds.t, '/allAnuncios', { filters, page: 0 });
  let first: Map<string, AnuncioRow>;

  test('a valid feed creates its listings, column by column', async () => {
    const report = await run('hazim-valid.xml');
    expect(report).toMatchObject({ ok: true, ads: 5, created: 4, updated: 0, unchanged: 0, withdrawn: 0, rejected: 1, photosDownloaded: 2, photoFailureCount: 2 });
    expect(report.rejections).toEqual([{ id: 'h-103', reason: `latitude: ${MSG.addressOutsideDR}` }]);
    expect(report.photoFailures.map((f) => [f.id, f.url.replace(feeds.server.url, ''), f.reason])).toEqual(
      expect.arrayContaining([
        ['h-101', '/missing.jpg', 'el servidor respondió 404'],
        ['h-101', '/not-an-image.jpg', MSG.invalidImage],
      ]),
    );

    first = await rows();
    expect([...first.keys()]).toEqual(['h-100', 'h-101', 'h-102', 'h-104']);
    const h100 = first.get('h-100')!;
    expect(h100).toMatchObject({
      ownerId: null, source: 'hazim', sourceRef: 'h-100', status: 'published',
      title: 'Apartamento moderno en Bella Vista',
      description: 'Hermoso apartamento con vista al mar.\n\nÁreas sociales:\npiscina & gimnasio',
      price: 250_000, moneda: 'US', priceRd: 15_000_000, proposito: 'venta', propiedad: 'Apartamento',
      metros: 120, habitaciones: 3, banos: 2, nivel: 5, parqueo: true, balcon: false, patio: false, piscina: false,
      name: 'Hazim', apellido: '', empresa: 'Hazim Realty', movil: '+18095550100', email: 'ventas@hazim.example',
      region: 'Distrito Nacional', place: 'Santo Domingo de Guzmán', locality: 'Bella Vista',
      address: 'Calle Gustavo Mejía Ricart 101', latitude: 18.4561, longitude: -69.9452,
    });
    // Issue 42: every value the feed sends, kept: 2.5 bathrooms (2 full, 1 half), 2 parking spaces,
    // furnished, the year built, the floor; what it does not send is unknown, never invented.
    expect(h100).toMatchObject({ banos: 2, mediosBanos: 1, parqueos: 2, parqueo: true, amueblado: 'si', anoConstruccion: 2018, nivel: 5 });
    expect(h100).toMatchObject({ respaldo: null, cisterna: null, gasComun: null, ascensor: null, seguridad24h: null, areaSocial: null, mantenimiento: null, construccion: null, entrega: null, calle: '' });
    expect(h100.imageKeys).toHaveLength(2);
    for (const key of h100.imageKeys) {
      expect((await feeds.t.app.photoStorage.get(key))?.contentType).toBe('image/webp');
      expect(await feeds.t.app.photoStorage.get(cardKeyOf(key))).not.toBeNull();
    }
    // Rent in RD$ written "45.000", no coordinates: the municipality's point from the gazetteer.
    expect(first.get('h-101')).toMatchObject({
      proposito: 'alquiler', propiedad: 'Casa', price: 45_000, moneda: 'RD', priceRd: 45_000, metros: 200,
      habitaciones: 4, banos: 3, nivel: null, parqueo: false, region: 'Santiago', place: 'Santiago', locality: '',
      latitude: 19.45036, longitude: -70.69085, description: 'Casa de dos niveles con patio.\nCerca de todo.',
      address: 'Santiago, Santiago', imageKeys: [], movil: '+18095550101', empresa: 'Hazim Santiago',
    });
    // "Semiamueblado" read; 0 spaces is a count; whole bathrooms say nothing of half ones; year 3018 is no year.
    expect(first.get('h-101')).toMatchObject({ amueblado: 'semi', parqueos: 0, mediosBanos: null, anoConstruccion: null });
    expect(first.get('h-102')).toMatchObject({ amueblado: null, parqueos: null, mediosBanos: null, anoConstruccion: null, banos: null });
    // "Land", "US$ 80,000", names without accents matched to the gazetteer's spelling.
    expect(first.get('h-102')).toMatchObject({
      propiedad: 'Terreno', moneda: 'US', price: 80_000, priceRd: 4_800_000, region: 'La Altagracia', place: 'Higüey',
      locality: 'Punta Cana', latitude: 18.58182, longitude: -68.40431, empresa: 'Hazim', email: '', metros: 1500,
    });
    // Unknown type -> Otro; an alternative name (Zona Colonial) -> the gazetteer's; markup gone.
    expect(first.get('h-104')).toMatchObject({
      propiedad: 'Otro', proposito: 'alquiler', moneda: 'US', price: 3500, locality: 'Ciudad Colonial',
      place: 'Santo Domingo de Guzmán', region: 'Distrito Nacional', description: 'Un inmueble poco común en la Zona Colonial.',
    });
  });

  test('the imported listings are what POST /allAnuncios answers', async () => {
    const res = await search();
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    const byTitle = new Map(res.body.anuncios.map((a: { title: string }) => [a.title, a]));
    const a = byTitle.get('Apartamento moderno en Bella Vista') as Record<string, any>;
    expect(a).toMatchObject({ mediosBanos: 1, parqueos: 2, amueblado: 'si', anoConstruccion: 2018, respaldo: null, construccion: null });
    expect(a).toMatchObject({ _id: first.get('h-100')!.id, source: 'hazim', empresa: 'Hazim Realty', moneda: 'US', price: 250_000, proposito: 'venta', propiedad: 'Apartamento', locality: 'Bella Vista', place: 'Santo Domingo de Guzmán' });
    expect(a.image_urls).toEqual(first.get('h-100')!.imageKeys.map((k) => `${feeds.t.config.publicApiUrl}/photos/${k}`));
    const photo = await fetch(`${feeds.t.url}/photos/${first.get('h-100')!.imageKeys[0]}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(res.body.placeOptions).toEqual(expect.arrayContaining(['Higüey', 'Santiago', 'Santo Domingo de Guzmán']));
    expect((await search({ place: 'Higüey', propiedad: 'Terreno', moneda: 'US' })).body.count).toBe(1);
    expect((await search({ propiedad: 'Otro' })).body.count).toBe(1);
    expect((await search({ precioMin: 10_000_000 })).body.count).toBe(1);
  });

  test('users cannot delete a partner listing, and it uses no quota', async () => {
    const { auth } = await createUser(feeds.t.app, { email: 'partner-check@example.com' });
    expect((await del(feeds.t, `/${first.get('h-100')!.id}`, auth)).status).toBe(403);
    const mine = await post(feeds.t, '/misAnuncios', undefined, auth);
    expect(mine.body.canitdadDeAnunciosDisponibles).toBe(5);
  });

  test('the same feed twice changes nothing and downloads no photo again', async () => {
    const hitsBefore = feeds.server.hits.get('/a.png');
    const report = await run('hazim-valid.xml');
    expect(report).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 4, withdrawn: 0, rejected: 1, photosDownloaded: 0 });
    expect(feeds.server.hits.get('/a.png')).toBe(hitsBefore);
    expect(feeds.server.hits.get('/b.jpg')).toBe(1);
    const again = await rows();
    for (const [ref, row] of first) expect(again.get(ref)).toEqual(row);
  });

  test('a changed feed updates what changed, creates what is new, re-downloads only new photos', async () => {
    const report = await run('hazim-updated.xml');
    expect(report).toMatchObject({ ok: true, created: 1, updated: 1, unchanged: 3, withdrawn: 0, rejected: 0, photosDownloaded: 1 });
    const now = await rows();
    const h100 = now.get('h-100')!;
    expect(h100).toMatchObject({ price: 240_000, priceRd: 14_400_000, seq: first.get('h-100')!.seq });
    expect(h100.updatedAt.getTime()).toBe(clockMs);
    expect(h100.imageKeys[0]).toBe(first.get('h-100')!.imageKeys[0]);
    expect(h100.imageKeys[1]).not.toBe(first.get('h-100')!.imageKeys[1]);
    expect(feeds.server.hits.get('/c.jpg')).toBe(1);
    expect(feeds.server.hits.get('/a.png')).toBe(1);
    // The replaced photo is gone from storage, its mapping too.
    expect(await feeds.t.app.photoStorage.get(first.get('h-100')!.imageKeys[1])).toBeNull();
    const mapped = await feeds.t.app.db.select().from(feedPhotos).where(eq(feedPhotos.sourceRef, 'h-100'));
    expect(mapped.map((m) => m.url.replace(feeds.server.url, '')).sort()).toEqual(['/a.png', '/c.jpg']);
    expect(now.get('h-101')!.updatedAt).toEqual(first.get('h-101')!.updatedAt);
    expect(now.get('h-103')).toMatchObject({ title: 'Apartamento en Naco', status: 'published', latitude: 18.48 });
    expect((await search()).body.count).toBe(5);
  });

  test.each([
    ['truncated', 'hazim-truncated.xml', /XML mal formado/],
    ['broken XML', 'hazim-broken.xml', /XML mal formado/],
    ['wrong encoding', 'hazim-latin1.xml', /UTF-8/],
  ])('a %s feed is refused whole: nothing withdrawn, nothing changed', async (_name, file, reason) => {
    const before = await rows();
    const report = await run(file, { batchSize: 500 });
    expect(report.ok).toBe(false);
    expect(report.fatal).toMatch(reason);
    expect(report.withdrawn).toBe(0);
    expect(await rows()).toEqual(before);
    expect((await search()).body.count).toBe(5);
  });

  test.each([
    ['empty', '<?xml version="1.0"?><trovit></trovit>', /no contiene anuncios/],
    ['not a Trovit feed', '<?xml version="1.0"?><rss><channel/></rss>', /Trovit/],
    ['neither XML nor JSON', 'id;title\n1;Casa', /ni JSON/],
    ['JSON without ads', '{"listings": []}', /"ads"/],
  ])('an %s feed is refused and withdraws nothing', async (_name, body, reason) => {
    const file = `${feeds.fx.dir}/inline.feed`;
    fs.writeFileSync(file, body);
    const report = await run(file);
    expect(report).toMatchObject({ ok: false, withdrawn: 0 });
    expect(report.fatal).toMatch(reason);
    expect((await search()).body.count).toBe(5);
  });

  test('a feed over the size cap is refused before anything is written', async () => {
    const report = await run('hazim-shrunk.xml', { limits: { maxBytes: 1000 } });
    expect(report).toMatchObject({ ok: false, created: 0, updated: 0, withdrawn: 0 });
    expect(report.fatal).toMatch(/límite/);
    expect(Object.values(await statuses()).every((s) => s === 'published')).toBe(true);
  });

  test('a feed that lost ads withdraws them (not deleted); when they come back they are published again', async () => {
    const shrunk = await run('hazim-shrunk.xml');
    expect(shrunk).toMatchObject({ ok: true, ads: 2, unchanged: 2, withdrawn: 3 });
    expect(await statuses()).toEqual({ 'h-100': 'published', 'h-101': 'published', 'h-102': 'withdrawn', 'h-103': 'withdrawn', 'h-104': 'withdrawn' });
    expect((await search()).body.count).toBe(2);
    expect((await get(feeds.t, `/anuncio/${first.get('h-102')!.id}`)).status).toBe(404);
    expect(await feeds.t.app.photoStorage.get((await rows()).get('h-100')!.imageKeys[0])).not.toBeNull();

    const back = await run('hazim-updated.xml');
    expect(back).toMatchObject({ ok: true, created: 0, updated: 3, unchanged: 2, withdrawn: 0 });
    expect(Object.values(await statuses()).every((s) => s === 'published')).toBe(true);
    expect((await search()).body.count).toBe(5);
    expect((await rows()).get('h-102')!.id).toBe(first.get('h-102')!.id);
  });

  test('a partly bad feed updates the good ads and keeps the rejected ones as they were', async () => {
    const before = await rows();
    const updated = fs.readFileSync(feeds.fx.file('hazim-updated.xml'), 'utf8');
    const partly = updated
      .replace('<price>240,000</price>', '<price>230,000</price>')
      .replace('<content>Un inmueble poco común', '<content>')
      .replace(/<content>[^<]*<\/content>(\s*<price>3500)/, '<content></content>$1')
      .replace(/  <ad>\s*<id>h-102<\/id>[\s\S]*?<\/ad>\n/, '');
    const file = `${feeds.fx.dir}/partly.xml`;
    fs.writeFileSync(file, partly);
    const report = await run(file);
    expect(report).toMatchObject({ ok: true, updated: 1, unchanged: 2, withdrawn: 1, rejected: 1 });
    expect(report.rejections).toEqual([{ id: 'h-104', reason: `description: ${MSG.descripcionRequerido}` }]);
    const after = await rows();
    expect(after.get('h-100')!.price).toBe(230_000);
    expect(after.get('h-104')).toEqual(before.get('h-104'));
    expect(after.get('h-102')!.status).toBe('withdrawn');
  });
});
