/**
 * Issue 21 over real HTTP: phones validated and stored in E.164, the WhatsApp channel, and the
 * seller's figures: detail views once per client and day (crawlers ignored, written in batches),
 * phone/email reveals and WhatsApp presses, carried per listing by `POST /misAnuncios`.
 */
import { eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { anuncioVistas, anuncios } from '../src/db/schema';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { createUser } from './support/users';
import { get, post, request } from './support/http';
import { listingForm, publishListing } from './support/owner-listings';
import { LISTING_FIELDS } from './support/listing-fields';

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_MS = 24 * 3600_000;

describe.each(engines())('contact and seller statistics on %s', (engine) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(engine, { trustProxy: 1 });
    ({ auth } = await createUser(t.app));
  });
  afterAll(() => t.close());

  const visit = (id: string, ip: string, ua: string) => post(t, `/anuncio/${id}/vista`, undefined, { 'x-forwarded-for': ip, 'user-agent': ua });
  const stored = async (id: string) => (await t.app.db.select().from(anuncioVistas).where(eq(anuncioVistas.anuncioId, id)))[0]?.count ?? 0;
  const statsOf = async (id: string) => {
    const res = await post(t, '/misAnuncios', {}, auth);
    expect(res.status).toBe(200);
    return res.body.listaDeTodos.find((a: { _id: string }) => a._id === id).estadisticas;
  };

  test('a Dominican phone is stored in E.164; an invalid or foreign one gets "Celular no válido"', async () => {
    const created = await publishListing(t, auth, { movil: '(829) 555-1234' });
    const own = await get(t, `/anuncio/${created._id}/editar`, auth);
    expect(own.body.movil).toBe('+18295551234');
    for (const movil of ['809-555-12', '+34 612 345 678', 'llámame']) {
      const res = await request(t, 'POST', '/anuncio', { raw: listingForm({ ...LISTING_FIELDS, movil }), headers: auth });
      expect(res).toMatchObject({ status: 400, body: { error: MSG.celularInvalido } });
    }
  });

  test('WhatsApp is offered for a valid number, answered in E.164; a number that does not parse keeps only the phone', async () => {
    const ok = await publishListing(t, auth);
    expect((await get(t, `/anuncio/${ok._id}`)).body.canales).toEqual(['telefono', 'email', 'whatsapp']);
    const answer = await post(t, `/anuncio/${ok._id}/contacto`, { canal: 'whatsapp' }, { 'x-forwarded-for': '192.0.2.1', 'user-agent': CHROME });
    expect(answer).toMatchObject({ status: 200, body: { movil: '+18095550000' } });
    // an older or feed number that does not parse is kept and shown as it is, without WhatsApp
    await t.app.db.update(anuncios).set({ movil: 'Oficina 555-12' }).where(eq(anuncios.id, ok._id));
    expect((await get(t, `/anuncio/${ok._id}`)).body.canales).toEqual(['telefono', 'email']);
    expect((await post(t, `/anuncio/${ok._id}/contacto`, { canal: 'telefono' }, { 'x-forwarded-for': '192.0.2.1' })).body.movil).toBe('Oficina 555-12');
  });

  test('views count once per client and day, crawlers are ignored, and the writes are batched', async () => {
    const { _id: id } = await publishListing(t, auth);
    expect((await visit(id, '192.0.2.10', CHROME)).status).toBe(204);
    await visit(id, '192.0.2.10', CHROME); // the same visitor again today
    await visit(id, '192.0.2.10', SAFARI); // another browser on the same client: the same visitor (issue 40)
    await visit(id, '198.51.100.7', CHROME);
    await visit(id, '198.51.100.8', GOOGLEBOT);
    await visit(id, '198.51.100.9', 'curl/8.5.0');
    await visit(id, '198.51.100.10', '');
    // nothing written yet: the counts wait in memory for the next flush
    expect(await stored(id)).toBe(0);
    expect((await statsOf(id)).vistas).toBe(2);
    expect(await stored(id)).toBe(2);
    // the next day the same visitor counts again
    t.clock.advance(DAY_MS);
    await visit(id, '192.0.2.10', CHROME);
    await visit(id, '192.0.2.10', CHROME);
    expect((await statsOf(id)).vistas).toBe(3);
  });

  test('reveals and WhatsApp presses are counted apart; crawlers are answered but not counted', async () => {
    const { _id: id } = await publishListing(t, auth);
    const press = (canal: string, ua = CHROME) => post(t, `/anuncio/${id}/contacto`, { canal }, { 'x-forwarded-for': '203.0.113.5', 'user-agent': ua });
    for (const canal of ['telefono', 'email', 'whatsapp', 'whatsapp', 'telefono']) expect((await press(canal)).status).toBe(200);
    expect((await press('whatsapp', GOOGLEBOT)).status).toBe(200);
    expect(await statsOf(id)).toEqual({ vistas: 0, contactos: 3, whatsapp: 2 });
  });

  test('a view of an address that is no listing is not stored; a malformed id is 404', async () => {
    expect((await visit('00000000-0000-4000-8000-000000000000', '192.0.2.50', CHROME)).status).toBe(204);
    await t.app.viewCounter.flush();
    expect(await stored('00000000-0000-4000-8000-000000000000')).toBe(0);
    expect((await visit('no-es-uuid', '192.0.2.50', CHROME)).status).toBe(404);
  });
});

describe.each(engines())('buffered views at shutdown on %s', (engine) => {
  test('closing the API writes the views still in memory', async () => {
    const t = await startTestApp(engine, { trustProxy: 1 });
    const { auth } = await createUser(t.app);
    const { _id: id } = await publishListing(t, auth);
    await post(t, `/anuncio/${id}/vista`, undefined, { 'x-forwarded-for': '192.0.2.77', 'user-agent': CHROME });
    const db = t.app.db;
    await t.app.close();
    const [row] = await db.select().from(anuncioVistas).where(eq(anuncioVistas.anuncioId, id));
    expect(row?.count).toBe(1);
    await t.testDb.drop();
  });
});
