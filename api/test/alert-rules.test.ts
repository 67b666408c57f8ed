/**
 * Issues 39 and 40 over real HTTP with a real SMTP receiver, on PGlite and PostgreSQL: who gets
 * which alert email and how often. Price drops reach everyone who favourited the listing (saved
 * searches or not), at most once per listing and day and only below the price last announced;
 * a listing matching several of a user's searches is announced once; an identical saved search
 * is refused; blocked accounts get nothing; the emails show both currencies and a JPEG photo.
 */
import { eq } from 'drizzle-orm';
import { SAVED_MSG } from 'shared-contracts';
import { claimAlerts, runAlertJob } from '../src/busquedas/alert-job';
import { priceAlertsUnsubscribeLinks, unsubscribeLinks } from '../src/busquedas/unsubscribe-link';
import { removeOrphanPhotos } from '../src/photos/sweep-orphans';
import { engines } from './support/engines';
import { setupMailApp } from './support/app';
import type { ReceivedMail } from './support/smtp';
import { createUser } from './support/users';
import { get, post, request } from './support/http';
import { editListing, pngOf, publishListing } from './support/owner-listings';
import { NO_LIMITS } from './support/limits';
import { alertEmails, type UserRow } from '../src/db/schema';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
const MODERATOR = 'moderador-alertas@example.com';
const DROP_FOOTER = 'Dejar de recibir los avisos de bajadas de precio de tus favoritos';

describe.each(engines())('alert rules on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, { moderatorEmails: [MODERATOR] }, { rateLimits: NO_LIMITS });

  /** Tokens signed now: the tests move the clock by days. */
  const authOf = (user: UserRow) => ({ authorization: `Bearer ${t.app.signToken(user)}` });
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const run = async () => {
    const result = await runAlertJob(t.app);
    await t.app.mailer.flush();
    return result;
  };
  let price = 300_000;
  /** A search (and its listings) of its own: a price no other test uses. */
  const uniqueSearch = () => {
    price += 1_111;
    return { proposito: 'venta', propiedad: 'Apartamento', moneda: 'US', precioMin: price, precioMax: price };
  };
  const apartment = (filters: { precioMin: number }, title: string) => ({ propiedad: 'Apartamento', moneda: 'US', price: String(filters.precioMin), title });
  const setPrice = async (owner: UserRow, id: string, value: number) => {
    t.clock.advance(MINUTE);
    const res = await editListing(t, id, authOf(owner), { fields: { propiedad: 'Casa', price: String(value), title: 'Casa que cambia de precio' }, fotos: [] });
    expect(res.status).toBe(200);
  };
  const oneClick = (mail: ReceivedMail) => {
    const header = /List-Unsubscribe:\s*<([^>]+)>/.exec(mail.raw.replace(/\r?\n\s+/g, ' '));
    if (!header) throw new Error('no List-Unsubscribe header');
    const url = new URL(header[1]);
    return fetch(`${t.url}${url.pathname}${url.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  };
  /** A seller with a house the buyer favourited, at RD$ 9,000,000. */
  const favouritedHouse = async (buyer: UserRow) => {
    const { user: owner } = await createUser(t.app, { miPlan: 50 });
    const house = await publishListing(t, authOf(owner), { propiedad: 'Casa', price: '9000000', title: 'Casa que cambia de precio' });
    expect((await request(t, 'PUT', `/favoritos/${house._id}`, { headers: authOf(buyer) })).status).toBe(200);
    return { owner, house };
  };

  test('a buyer with favourites and no saved search gets the price-drop email, in both currencies', async () => {
    const { user: buyer } = await createUser(t.app, { name: 'Yolanda' });
    const { owner, house } = await favouritedHouse(buyer);
    await setPrice(owner, house._id, 8_000_000);
    expect(await run()).toMatchObject({ composed: 1, sent: 1 });
    const [mail] = mailsTo(buyer.email);
    expect(mail.decoded).toMatch(/Subject: .*Baj/);
    expect(mail.decoded).toContain('Casa que cambia de precio');
    expect(mail.decoded).toContain('RD$ 8,000,000 · ≈ US$ 133,333 (antes RD$ 9,000,000)');
    expect(mail.decoded).toContain(`http://site.test/anuncioDetailedView/${house._id}`);
    expect(mail.decoded).toContain(DROP_FOOTER);
    expect(await run()).toMatchObject({ composed: 0 });
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  test('unsubscribing from the only saved search stops that search, not the favourites\' price drops; each email says what its link stops', async () => {
    const { user: buyer } = await createUser(t.app);
    const { owner, house } = await favouritedHouse(buyer);
    const filters = uniqueSearch();
    const saved = await post(t, '/busquedas', { nombre: 'Mi única búsqueda', filters, frecuencia: 'instantaneo' }, authOf(buyer));
    expect(saved.status).toBe(201);
    t.clock.advance(MINUTE);
    await publishListing(t, authOf(owner), apartment(filters, 'Apartamento de la búsqueda'));
    await run();
    const [searchMail] = mailsTo(buyer.email);
    expect(searchMail.decoded).toContain('Apartamento de la búsqueda');
    expect(searchMail.decoded).toContain('Dejar de recibir las alertas de la búsqueda "Mi única búsqueda"');
    expect(searchMail.decoded).not.toContain(DROP_FOOTER);
    expect((await oneClick(searchMail)).status).toBe(200);
    expect((await get(t, '/busquedas', authOf(buyer))).body.busquedas[0]).toMatchObject({ alertas: false });

    await setPrice(owner, house._id, 8_500_000);
    await run();
    expect(mailsTo(buyer.email)).toHaveLength(2);
    const dropMail = mailsTo(buyer.email)[1];
    expect(dropMail.decoded).toContain('RD$ 8,500,000');
    expect(dropMail.decoded).toContain(DROP_FOOTER);

    // The drop email's own one click stops price drops (and nothing is sent for them), until the
    // buyer turns them on again from the favourites page.
    expect((await oneClick(dropMail)).status).toBe(200);
    expect((await get(t, '/favoritos', authOf(buyer))).body).toMatchObject({ avisosPrecio: false });
    t.clock.advance(DAY);
    await setPrice(owner, house._id, 8_000_000);
    expect(await run()).toMatchObject({ composed: 0 });
    expect((await request(t, 'PATCH', '/favoritos', { body: { avisosPrecio: true }, headers: authOf(buyer) })).body).toMatchObject({ avisosPrecio: true });
    await run();
    expect(mailsTo(buyer.email)).toHaveLength(3);
    expect(mailsTo(buyer.email)[2].decoded).toContain('RD$ 8,000,000 · ≈ US$ 133,333 (antes RD$ 8,500,000)');
  });

  test('a listing matching two of a user\'s searches is announced in one email, whatever their frequencies', async () => {
    const { user: owner } = await createUser(t.app, { miPlan: 50 });
    const { user: buyer } = await createUser(t.app);
    const filters = uniqueSearch();
    const { proposito, ...wider } = filters;
    expect(proposito).toBe('venta');
    for (const [nombre, f, frecuencia] of [['Instantánea', filters, 'instantaneo'], ['Sin propósito', wider, 'instantaneo'], ['Diaria', { ...wider, habitaciones: 1 }, 'diario']] as const) {
      expect((await post(t, '/busquedas', { nombre, filters: f, frecuencia }, authOf(buyer))).status).toBe(201);
    }
    t.clock.advance(MINUTE);
    const match = await publishListing(t, authOf(owner), { ...apartment(filters, 'Apartamento de dos búsquedas'), habitaciones: '2' });
    expect(await run()).toMatchObject({ composed: 1 });
    expect(mailsTo(buyer.email)).toHaveLength(1);
    expect(mailsTo(buyer.email)[0].decoded).toContain(`anuncioDetailedView/${match._id}`);
    // The daily search's 8:00 sends it no second time.
    t.clock.advance(DAY);
    await run();
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  test('an identical saved search (same filters, any order, empty values dropped) is refused with a clear message', async () => {
    const { user } = await createUser(t.app);
    const first = await post(t, '/busquedas', { nombre: 'Piantini', filters: { place: 'Piantini', propiedad: 'Apartamento', precioMax: 250000, moneda: 'US' }, frecuencia: 'diario' }, authOf(user));
    expect(first.status).toBe(201);
    const same = { moneda: 'US', precioMax: '250000', region: '', locality: null, propiedad: 'Apartamento', place: 'Piantini' };
    expect(await post(t, '/busquedas', { nombre: 'Otra vez', filters: same, frecuencia: 'instantaneo' }, authOf(user))).toMatchObject({
      status: 409,
      body: { error: SAVED_MSG.busquedaRepetida('Piantini') },
    });
    expect((await get(t, '/busquedas', authOf(user))).body.busquedas).toHaveLength(1);
    // Another value is another search; another user's identical search is theirs.
    expect((await post(t, '/busquedas', { filters: { ...same, precioMax: 260000 }, frecuencia: 'diario' }, authOf(user))).status).toBe(201);
    const { user: other } = await createUser(t.app);
    expect((await post(t, '/busquedas', { filters: same, frecuencia: 'diario' }, authOf(other))).status).toBe(201);
  });

  test('a price toggled many times in a day: at most one email per listing a day, and only below the price last announced', async () => {
    const { user: buyer } = await createUser(t.app);
    const { owner, house } = await favouritedHouse(buyer);
    const dropLines = () => mailsTo(buyer.email).map((m) => /RD\$ [\d,]+ · ≈ US\$ [\d,]+ \(antes RD\$ [\d,]+\)/.exec(m.decoded)?.[0]);

    await setPrice(owner, house._id, 8_000_000);
    await run();
    for (const value of [9_000_000, 7_500_000, 9_000_000, 8_000_000]) {
      await setPrice(owner, house._id, value);
      await run();
    }
    expect(dropLines()).toEqual(['RD$ 8,000,000 · ≈ US$ 133,333 (antes RD$ 9,000,000)']);
    // A day later the price is back at the one announced: no drop.
    t.clock.advance(DAY);
    expect(await run()).toMatchObject({ composed: 0 });
    // A real drop goes at once; a second one the same day waits for the day to pass.
    await setPrice(owner, house._id, 7_500_000);
    await run();
    await setPrice(owner, house._id, 7_000_000);
    await run();
    expect(dropLines()).toHaveLength(2);
    t.clock.advance(DAY);
    await run();
    expect(dropLines()).toEqual([
      'RD$ 8,000,000 · ≈ US$ 133,333 (antes RD$ 9,000,000)',
      'RD$ 7,500,000 · ≈ US$ 125,000 (antes RD$ 8,000,000)',
      'RD$ 7,000,000 · ≈ US$ 116,667 (antes RD$ 7,500,000)',
    ]);
  });

  test('a blocked account gets no alert email, not even one composed before the block', async () => {
    const { user: moderator } = await createUser(t.app, { email: MODERATOR });
    const { user: buyer } = await createUser(t.app);
    const { owner, house } = await favouritedHouse(buyer);
    const filters = uniqueSearch();
    expect((await post(t, '/busquedas', { filters, frecuencia: 'instantaneo' }, authOf(buyer))).status).toBe(201);
    t.clock.advance(MINUTE);
    await publishListing(t, authOf(owner), apartment(filters, 'Antes del bloqueo'));
    expect(await claimAlerts(t.app)).toBe(1);
    expect((await post(t, `/moderacion/usuarios/${buyer.id}/bloquear`, { motivo: 'Estafa' }, authOf(moderator))).status).toBe(200);
    await t.app.mailer.flush();
    const blockNotice = mailsTo(buyer.email).length;
    expect(blockNotice).toBe(1); // the block's own notice reaches it

    await publishListing(t, authOf(owner), apartment(filters, 'Después del bloqueo'));
    await setPrice(owner, house._id, 8_000_000);
    await run();
    expect(mailsTo(buyer.email)).toHaveLength(blockNotice);
    expect(mailsTo(buyer.email).some((m) => /Antes del bloqueo|Después del bloqueo|antes RD\$/.test(m.decoded))).toBe(false);
    // The email that will never leave is removed once a month old.
    const unsent = async () => (await t.app.db.select().from(alertEmails).where(eq(alertEmails.userId, buyer.id))).length;
    expect(await unsent()).toBe(1);
    t.clock.advance(31 * DAY);
    await run();
    expect(await unsent()).toBe(0);
  });

  test('the alert email shows both currencies and its photo as a JPEG every mail program displays', async () => {
    const { user: owner } = await createUser(t.app, { miPlan: 50 });
    const { user: buyer } = await createUser(t.app);
    const filters = uniqueSearch();
    expect((await post(t, '/busquedas', { filters, frecuencia: 'instantaneo' }, authOf(buyer))).status).toBe(201);
    t.clock.advance(MINUTE);
    await publishListing(t, authOf(owner), apartment(filters, 'Apartamento con foto'), [await pngOf('#3366cc')]);
    await run();
    const [mail] = mailsTo(buyer.email);
    const amount = filters.precioMin.toLocaleString('en-US');
    const other = Math.round(filters.precioMin * 60).toLocaleString('en-US');
    expect(mail.decoded).toContain(`US$ ${amount} · ≈ RD$ ${other}`);
    const photo = /<img src="(http:\/\/api\.test\/photos\/[^"]+)"/.exec(mail.decoded)?.[1];
    expect(photo).toMatch(/\.jpg$/);
    const res = await fetch(`${t.url}${new URL(photo!).pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await res.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The orphan sweep keeps it while its photo is used; deleting the listing deletes it.
    await removeOrphanPhotos(t.app.db, t.app.photoStorage);
    expect((await fetch(`${t.url}${new URL(photo!).pathname}`)).status).toBe(200);
    const listingId = /anuncioDetailedView\/([0-9a-f-]+)/.exec(mail.decoded)![1];
    expect((await request(t, 'DELETE', `/${listingId}`, { headers: authOf(owner) })).status).toBe(200);
    expect((await fetch(`${t.url}${new URL(photo!).pathname}`)).status).toBe(404);
  });

  test('the price-drop unsubscribe needs its own signed link; the setting needs a session and a yes or no', async () => {
    const { user } = await createUser(t.app);
    const search = await post(t, '/busquedas', { filters: uniqueSearch(), frecuencia: 'instantaneo' }, authOf(user));
    const searchToken = new URL(unsubscribeLinks(t.config, search.body._id).oneClick).searchParams.get('token')!;
    for (const [id, token] of [[user.id, searchToken], [user.id, ''], ['no-es-un-id', searchToken], [search.body._id, searchToken]]) {
      expect(await post(t, `/favoritos/baja/${id}?token=${encodeURIComponent(token)}`, {})).toMatchObject({ status: 400, body: { error: SAVED_MSG.bajaAvisosPrecioInvalida } });
    }
    expect((await get(t, '/favoritos', authOf(user))).body).toMatchObject({ avisosPrecio: true });
    const own = new URL(priceAlertsUnsubscribeLinks(t.config, user.id).oneClick);
    expect((await post(t, `${own.pathname}${own.search}`, {})).status).toBe(200);
    expect((await get(t, '/favoritos', authOf(user))).body).toMatchObject({ avisosPrecio: false });
    expect((await request(t, 'PATCH', '/favoritos', { body: { avisosPrecio: 'si' }, headers: authOf(user) })).status).toBe(400);
    expect((await request(t, 'PATCH', '/favoritos', { body: { avisosPrecio: true } })).status).toBe(401);
  });
});
