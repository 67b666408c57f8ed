/**
 * Issue 19, item 5, over real HTTP with the real rate limiter: the list and detail answers carry no
 * phone or email (paging the list scrapes nothing); `POST /anuncio/{id}/contacto` gives them, without
 * login, counted per listing and channel, and limited per client.
 */
import { eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { anuncios, contactLeads } from '../src/db/schema';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { insertCatalogue } from './support/listings';
import { get, post } from './support/http';

describe.each(engines())('seller contact on %s', (engine) => {
  let t: TestApp;
  let ids: string[];
  const CONTACT_MAX = 5;
  beforeAll(async () => {
    t = await startTestApp(engine, { trustProxy: 1 }, { rateLimits: { contact: { ip: { max: CONTACT_MAX, windowMs: 10 * 60_000 } } } });
    ids = await insertCatalogue(t.app);
  });
  afterAll(() => t.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  test('no page of the list and no detail answer holds a phone or an email', async () => {
    for (let page = 0; page < 3; page++) {
      const raw = JSON.stringify((await post(t, '/allAnuncios', { filters: {}, page })).body);
      expect(raw).not.toMatch(/8095551234|@example\.com|"movil":|"email":/);
    }
    const detail = await get(t, `/anuncio/${ids[0]}`);
    expect(detail.status).toBe(200);
    // issue 21: a phone that parses as a Dominican number is offered on WhatsApp too
    expect(detail.body.canales).toEqual(['telefono', 'email', 'whatsapp']);
    expect(JSON.stringify(detail.body)).not.toMatch(/8095551234|luis@example\.com/);
  });

  test('the contact call answers the phone and email, with no login, and counts the press per channel', async () => {
    const ask = (canal: string) => post(t, `/anuncio/${ids[0]}/contacto`, { canal }, from('192.0.2.10'));
    expect(await ask('telefono')).toMatchObject({ status: 200, body: { movil: '+18095551234', email: 'luis@example.com' } }); // E.164 (issue 21)
    expect((await ask('email')).status).toBe(200);
    expect((await ask('telefono')).status).toBe(200);
    const leads = await t.app.db.select().from(contactLeads).where(eq(contactLeads.anuncioId, ids[0]));
    expect(Object.fromEntries(leads.map((l) => [l.canal, l.count]))).toEqual({ telefono: 2, email: 1 });
  });

  test('bad channel 400, unknown or withdrawn listing 404', async () => {
    expect((await post(t, `/anuncio/${ids[0]}/contacto`, { canal: 'fax' }, from('192.0.2.20'))).status).toBe(400);
    expect((await post(t, `/anuncio/${ids[0]}/contacto`, {}, from('192.0.2.20'))).status).toBe(400);
    expect((await post(t, '/anuncio/00000000-0000-4000-8000-000000000000/contacto', { canal: 'email' }, from('192.0.2.20'))).status).toBe(404);
    expect((await post(t, '/anuncio/no-es-uuid/contacto', { canal: 'email' }, from('192.0.2.20'))).status).toBe(404);
    // Listing 10 of the catalogue is withdrawn.
    expect((await post(t, `/anuncio/${ids[9]}/contacto`, { canal: 'telefono' }, from('192.0.2.20'))).status).toBe(404);
  });

  test('issue 40: a sold or rented listing, still open with its banner, gives no contact: 410 with a Spanish message', async () => {
    const closed = [
      { id: ids[2], estado: 'vendido' as const, message: MSG.contactoVendido },
      { id: ids[1], estado: 'alquilado' as const, message: MSG.contactoAlquilado },
    ];
    let client = 40;
    for (const { id, estado, message } of closed) {
      await t.app.db.update(anuncios).set({ estado }).where(eq(anuncios.id, id));
      expect((await get(t, `/anuncio/${id}`)).status).toBe(200);
      for (const canal of ['telefono', 'email', 'whatsapp']) {
        const res = await post(t, `/anuncio/${id}/contacto`, { canal }, from(`192.0.2.${client++}`));
        expect(res).toMatchObject({ status: 410, body: { error: message } });
        expect(JSON.stringify(res.body)).not.toMatch(/8095551234|luis@example\.com/);
      }
      await t.app.db.update(anuncios).set({ estado: 'activo' }).where(eq(anuncios.id, id));
    }
    // a paused listing is no public listing at all: 404 as for any other
    await t.app.db.update(anuncios).set({ estado: 'pausado' }).where(eq(anuncios.id, ids[3]));
    expect((await post(t, `/anuncio/${ids[3]}/contacto`, { canal: 'telefono' }, from('192.0.2.40'))).status).toBe(404);
    await t.app.db.update(anuncios).set({ estado: 'activo' }).where(eq(anuncios.id, ids[3]));
  });

  test('limited per client: reading every phone runs into 429 with Retry-After; another client is served', async () => {
    const statuses = [];
    for (let i = 0; i < CONTACT_MAX + 2; i++) statuses.push((await post(t, `/anuncio/${ids[i % 5]}/contacto`, { canal: 'telefono' }, from('198.51.100.30'))).status);
    expect(statuses).toEqual([...Array(CONTACT_MAX).fill(200), 429, 429]);
    const refused = await post(t, `/anuncio/${ids[0]}/contacto`, { canal: 'telefono' }, from('198.51.100.30'));
    expect(refused.body).toEqual({ error: MSG.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(t, `/anuncio/${ids[0]}/contacto`, { canal: 'telefono' }, from('198.51.100.31'))).status).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await post(t, `/anuncio/${ids[0]}/contacto`, { canal: 'telefono' }, from('198.51.100.30'))).status).toBe(200);
  });
});
