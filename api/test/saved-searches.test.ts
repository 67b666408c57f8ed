/**
 * Issue 22 over real HTTP on PGlite and PostgreSQL: favourites (limits, merge at login), saved
 * searches (limits, ownership) and the alert job with a controllable clock and a real SMTP
 * server: matching by the search's own rules, never twice, price drops of favourites, daily and
 * weekly schedules in Santo Domingo time, one-click unsubscribe, a restart in the middle of a run,
 * one run at a time.
 */
import crypto from 'node:crypto';
import { BUSQUEDAS_MAX, FAVORITOS_MAX, SAVED_MSG } from 'shared-contracts';
import { buildApp } from '../src/app';
import { eq } from 'drizzle-orm';
import { alertDeliveries, alertEmails, favoritos, savedSearches } from '../src/db/schema';
import { claimAlerts, runAlertJob } from '../src/busquedas/alert-job';
import { nextDueAt } from '../src/busquedas/schedule';
import { engines } from './support/engines';
import { setupMailApp } from './support/app';
import type { ReceivedMail } from './support/smtp';
import { createUser, TEST_PASSWORD } from './support/users';
import { get, post, request, del } from './support/http';
import { editListing, publishListing } from './support/owner-listings';
import { NO_LIMITS } from './support/limits';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
const APARTMENT = { propiedad: 'Apartamento', moneda: 'US' };
const SEARCH_FILTERS = { proposito: 'venta', propiedad: 'Apartamento', moneda: 'US', precioMax: 250000 };

test('daily at 8:00 and weekly on Monday 8:00 in Santo Domingo (UTC-4)', () => {
  // Wednesday 2025-01-15 07:59 in Santo Domingo = 11:59 UTC.
  expect(nextDueAt('diario', new Date(Date.UTC(2025, 0, 15, 11, 59)))?.toISOString()).toBe('2025-01-15T12:00:00.000Z');
  expect(nextDueAt('diario', new Date(Date.UTC(2025, 0, 15, 12, 0)))?.toISOString()).toBe('2025-01-16T12:00:00.000Z');
  // 23:00 in Santo Domingo on the 15th is already the 16th in UTC: still the 16th at 8:00 local.
  expect(nextDueAt('diario', new Date(Date.UTC(2025, 0, 16, 3, 0)))?.toISOString()).toBe('2025-01-16T12:00:00.000Z');
  expect(nextDueAt('semanal', new Date(Date.UTC(2025, 0, 15, 12, 0)))?.toISOString()).toBe('2025-01-20T12:00:00.000Z');
  expect(nextDueAt('semanal', new Date(Date.UTC(2025, 0, 20, 11, 0)))?.toISOString()).toBe('2025-01-20T12:00:00.000Z');
  expect(nextDueAt('instantaneo', new Date())).toBeNull();
});

describe.each(engines())('favourites, saved searches and alerts on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, {}, { rateLimits: NO_LIMITS });

  const seller = async () => (await createUser(t.app, { miPlan: 50 })).auth;
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const put = (path: string, headers: Record<string, string>) => request(t, 'PUT', path, { headers });
  const patch = (path: string, body: unknown, headers: Record<string, string>) => request(t, 'PATCH', path, { body, headers });
  const run = async () => {
    const result = await runAlertJob(t.app);
    await t.app.mailer.flush();
    return result;
  };
  const saveSearch = async (auth: Record<string, string>, body: Record<string, unknown> = { filters: SEARCH_FILTERS, frecuencia: 'instantaneo' }) => {
    const res = await post(t, '/busquedas', body, auth);
    expect(res.status).toBe(201);
    return res.body as { _id: string; nombre: string };
  };
  const unsubscribeUrl = (mail: ReceivedMail) => {
    const header = /List-Unsubscribe:\s*<([^>]+)>/.exec(mail.raw);
    if (!header) throw new Error(`no List-Unsubscribe header in ${mail.raw.slice(0, 1500)}`);
    return new URL(header[1]);
  };

  test('favourites: add, list (a paused listing keeps its status, a deleted one is gone), remove; unknown listings and no session refused', async () => {
    const owner = await seller();
    const { auth } = await createUser(t.app);
    const a = await publishListing(t, owner, { title: 'Casa favorita' });
    const b = await publishListing(t, owner, { title: 'Casa pausada' });
    const c = await publishListing(t, owner, { title: 'Casa borrada' });
    for (const id of [a._id, b._id, c._id]) expect((await put(`/favoritos/${id}`, auth)).status).toBe(200);
    // twice is once
    expect((await put(`/favoritos/${a._id}`, auth)).status).toBe(200);
    await post(t, `/anuncio/${b._id}/estado`, { estado: 'pausado' }, owner);
    await del(t, `/${c._id}`, owner);
    const list = await get(t, '/favoritos', auth);
    expect(list.status).toBe(200);
    const byId = new Map(list.body.favoritos.map((f: { anuncioId: string }) => [f.anuncioId, f]));
    expect(byId.size).toBe(3);
    expect(byId.get(a._id)).toMatchObject({ anuncio: { title: 'Casa favorita', estado: 'activo' } });
    expect(byId.get(b._id)).toMatchObject({ anuncio: { estado: 'pausado' } });
    expect(byId.get(c._id)).toMatchObject({ anuncio: null });
    expect((await del(t, `/favoritos/${c._id}`, auth)).status).toBe(200);
    expect((await get(t, '/favoritos', auth)).body.favoritos).toHaveLength(2);
    expect(await put(`/favoritos/${crypto.randomUUID()}`, auth)).toMatchObject({ status: 404, body: { error: SAVED_MSG.anuncioNoEncontrado } });
    expect((await put(`/favoritos/no-es-un-id`, auth)).status).toBe(404);
    expect((await get(t, '/favoritos')).status).toBe(401);
    expect((await put(`/favoritos/${a._id}`, {})).status).toBe(401);
  });

  test(`at most ${FAVORITOS_MAX} favourites, with a clear message; the merge at login adds the visitor's list up to the limit`, async () => {
    const owner = await seller();
    const [x, y, z] = [await publishListing(t, owner), await publishListing(t, owner), await publishListing(t, owner)];
    const { user, auth } = await createUser(t.app);
    // The visitor's hearts (newest first), one already in the account, one unknown, one not an id.
    await put(`/favoritos/${z._id}`, auth);
    t.clock.advance(MINUTE);
    const login = await post(t, '/api/user/login', { email: user.email, password: TEST_PASSWORD, favoritos: [x._id, y._id, z._id, crypto.randomUUID(), 'basura'] });
    expect(login.status).toBe(200);
    const ids = (await get(t, '/favoritos', auth)).body.favoritos.map((f: { anuncioId: string }) => f.anuncioId);
    expect(ids).toEqual([x._id, y._id, z._id]);

    // Fill the list to the limit (no foreign key to listings: gone ones stay listed).
    const { user: full, auth: fullAuth } = await createUser(t.app);
    await t.app.db.insert(favoritos).values(Array.from({ length: FAVORITOS_MAX - 1 }, () => ({ userId: full.id, anuncioId: crypto.randomUUID() })));
    expect((await put(`/favoritos/${x._id}`, fullAuth)).status).toBe(200);
    expect(await put(`/favoritos/${y._id}`, fullAuth)).toMatchObject({ status: 409, body: { error: SAVED_MSG.favoritosLimit } });
    await post(t, '/api/user/login', { email: full.email, password: TEST_PASSWORD, favoritos: [y._id, z._id] });
    expect((await get(t, '/favoritos', fullAuth)).body.favoritos).toHaveLength(FAVORITOS_MAX);
    // A login whose list is too long is refused as bad input, not cut silently.
    expect((await post(t, '/api/user/login', { email: full.email, password: TEST_PASSWORD, favoritos: Array.from({ length: FAVORITOS_MAX + 1 }, () => x._id) })).status).toBe(400);
  });

  test(`saved searches: proposed name, filters as POST /allAnuncios takes them, rename, frequency, delete, owner only, at most ${BUSQUEDAS_MAX}`, async () => {
    const { auth } = await createUser(t.app);
    const saved = await saveSearch(auth, { filters: { ...SEARCH_FILTERS, place: 'Piantini', region: '' }, frecuencia: 'diario' });
    expect(saved).toMatchObject({ nombre: 'Apartamentos en venta en Piantini, hasta US$ 250,000', frecuencia: 'diario', alertas: true });
    expect((saved as unknown as { filters: object }).filters).toEqual({ ...SEARCH_FILTERS, place: 'Piantini' });
    expect((await post(t, '/busquedas', { filters: {}, frecuencia: 'cada hora' }, auth)).status).toBe(400);
    expect((await post(t, '/busquedas', { filters: { precioMax: -1 }, frecuencia: 'diario' }, auth)).status).toBe(400);
    const renamed = await patch(`/busquedas/${saved._id}`, { nombre: 'Mi búsqueda', frecuencia: 'semanal' }, auth);
    expect(renamed.body).toMatchObject({ nombre: 'Mi búsqueda', frecuencia: 'semanal' });
    const other = await createUser(t.app);
    expect((await patch(`/busquedas/${saved._id}`, { nombre: 'Ajena' }, other.auth)).status).toBe(404);
    expect((await del(t, `/busquedas/${saved._id}`, other.auth)).status).toBe(404);
    expect((await get(t, '/busquedas', other.auth)).body.busquedas).toEqual([]);
    for (let i = 1; i < BUSQUEDAS_MAX; i++) await saveSearch(auth, { nombre: `Búsqueda ${i}`, filters: { habitaciones: i }, frecuencia: 'semanal' });
    expect(await post(t, '/busquedas', { filters: {}, frecuencia: 'diario' }, auth)).toMatchObject({ status: 409, body: { error: SAVED_MSG.busquedasLimit } });
    expect((await del(t, `/busquedas/${saved._id}`, auth)).status).toBe(200);
    expect((await get(t, '/busquedas', auth)).body.busquedas).toHaveLength(BUSQUEDAS_MAX - 1);
    expect((await get(t, '/busquedas')).status).toBe(401);
  });

  test('instant alert: exactly the listings the search lists, once per listing and search; price drops of favourites; one-click unsubscribe', async () => {
    const owner = await seller();
    const { user, auth } = await createUser(t.app, { name: 'Carmen' });
    const before = await publishListing(t, owner, { ...APARTMENT, price: '200000', title: 'Publicado antes de guardar' });
    const favourite = await publishListing(t, owner, { propiedad: 'Casa', price: '9000000', title: 'Casa favorita de Carmen' });
    await put(`/favoritos/${favourite._id}`, auth);
    t.clock.advance(MINUTE);
    const search = await saveSearch(auth);
    t.clock.advance(MINUTE);
    const match = await publishListing(t, owner, { ...APARTMENT, price: '200000', title: 'Apartamento que coincide' });
    const edge = await publishListing(t, owner, { ...APARTMENT, price: '250000', title: 'Apartamento en el límite' });
    await publishListing(t, owner, { ...APARTMENT, price: '250001', title: 'Apartamento caro' });
    await publishListing(t, owner, { ...APARTMENT, moneda: 'RD', price: '200000', title: 'Apartamento en pesos' });
    await publishListing(t, owner, { propiedad: 'Casa', moneda: 'US', price: '100000', title: 'Casa barata' });
    const sentBefore = smtp.mails.length;
    expect(await run()).toMatchObject({ ran: true, composed: 1, sent: 1 });
    const mail = await smtp.waitFor(user.email, sentBefore);
    // The same rules as the search: the new listings among the search's results.
    const listed = (await post(t, '/allAnuncios', { filters: SEARCH_FILTERS, page: 0 })).body.anuncios.map((a: { _id: string }) => a._id);
    expect(listed).toEqual(expect.arrayContaining([match._id, edge._id, before._id]));
    expect(mail.decoded).toContain('Apartamento que coincide');
    expect(mail.decoded).toContain('Apartamento en el límite');
    expect(mail.decoded).toContain(`http://site.test/anuncioDetailedView/${match._id}`);
    for (const absent of ['Publicado antes de guardar', 'Apartamento caro', 'Apartamento en pesos', 'Casa barata']) expect(mail.decoded).not.toContain(absent);
    expect(mail.decoded).toContain('Hola Carmen');
    expect(mail.decoded).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(mail.decoded).toContain('http://site.test/bajaAlertas/');

    // Never twice: another run, a pause and a resume of the listing (active again) send nothing.
    expect(await run()).toMatchObject({ composed: 0, sent: 0 });
    await post(t, `/anuncio/${match._id}/estado`, { estado: 'pausado' }, owner);
    await post(t, `/anuncio/${match._id}/estado`, { estado: 'activo' }, owner);
    expect(await run()).toMatchObject({ composed: 0 });
    expect(mailsTo(user.email)).toHaveLength(1);

    // A favourite's price goes down: told once, with the price before.
    t.clock.advance(MINUTE);
    const edited = await editListing(t, favourite._id, owner, { fields: { propiedad: 'Casa', price: '8000000', title: 'Casa favorita de Carmen' }, fotos: [] });
    expect(edited.status).toBe(200);
    const dropsFrom = smtp.mails.length;
    expect(await run()).toMatchObject({ composed: 1, sent: 1 });
    const drop = await smtp.waitFor(user.email, dropsFrom);
    expect(drop.decoded).toContain('Favoritos que bajaron de precio');
    expect(drop.decoded).toContain('RD$ 8,000,000 · ≈ US$ 133,333 (antes RD$ 9,000,000)');
    expect(await run()).toMatchObject({ composed: 0 });

    // One click (RFC 8058): the mail program posts the form to the header's URL, no session.
    const url = unsubscribeUrl(mail);
    const bad = await fetch(`${t.url}${url.pathname}?token=x${url.searchParams.get('token')}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(bad.status).toBe(400);
    const ok = await fetch(`${t.url}${url.pathname}${url.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(ok.status).toBe(200);
    expect((await get(t, '/busquedas', auth)).body.busquedas[0]).toMatchObject({ _id: search._id, alertas: false });
    await publishListing(t, owner, { ...APARTMENT, price: '150000', title: 'Después de la baja' });
    expect(await run()).toMatchObject({ composed: 0 });
    // Choosing a frequency again turns the alerts back on.
    await patch(`/busquedas/${search._id}`, { frecuencia: 'instantaneo' }, auth);
    expect(await run()).toMatchObject({ composed: 1 });
    // (gone, so that the next tests' listings are not its news)
    expect((await del(t, `/busquedas/${search._id}`, auth)).status).toBe(200);
  });

  test('daily alerts wait for 8:00 in Santo Domingo, weekly ones for Monday 8:00', async () => {
    const owner = await seller();
    const { user, auth } = await createUser(t.app);
    // (another user: one listing is announced once per user, whatever the number of searches)
    const { user: weeklyUser, auth: weeklyAuth } = await createUser(t.app);
    // Move to a Wednesday 9:00 in Santo Domingo (13:00 UTC) whatever the earlier tests did.
    const wednesday = Date.UTC(2025, 1, 5, 13, 0);
    t.clock.ms = wednesday + Math.ceil((t.clock.ms - wednesday) / (7 * DAY)) * 7 * DAY;
    await saveSearch(auth, { nombre: 'Diaria', filters: { ...SEARCH_FILTERS, precioMin: 77000, precioMax: 77000 }, frecuencia: 'diario' });
    await saveSearch(weeklyAuth, { nombre: 'Semanal', filters: { ...SEARCH_FILTERS, precioMin: 77000, precioMax: 77000 }, frecuencia: 'semanal' });
    t.clock.advance(MINUTE);
    await publishListing(t, owner, { ...APARTMENT, price: '77000', title: 'Apartamento de 77 mil' });
    expect(await run()).toMatchObject({ composed: 0 });
    t.clock.advance(22 * 3600_000 - 2 * MINUTE); // Thursday 6:59
    expect(await run()).toMatchObject({ composed: 0 });
    t.clock.advance(62 * MINUTE); // Thursday 8:01
    const from = smtp.mails.length;
    expect(await run()).toMatchObject({ composed: 1 });
    expect((await smtp.waitFor(user.email, from)).decoded).toContain('"Diaria"');
    t.clock.advance(3 * DAY); // Sunday 8:01
    expect(await run()).toMatchObject({ composed: 0 });
    t.clock.advance(DAY); // Monday 8:01
    expect(await run()).toMatchObject({ composed: 1 });
    const names = (email: string) => mailsTo(email).map((m) => (m.decoded.includes('"Diaria"') ? 'Diaria' : m.decoded.includes('"Semanal"') ? 'Semanal' : '?'));
    expect([names(user.email), names(weeklyUser.email)]).toEqual([['Diaria'], ['Semanal']]);
  });

  test('a restart in the middle of a run: what was claimed is sent once, after the restart; an SMTP failure keeps it pending', async () => {
    const owner = await seller();
    const { user, auth } = await createUser(t.app);
    await saveSearch(auth, { filters: { ...SEARCH_FILTERS, precioMin: 88000, precioMax: 88000 }, frecuencia: 'instantaneo' });
    t.clock.advance(MINUTE);
    await publishListing(t, owner, { ...APARTMENT, price: '88000', title: 'Apartamento de 88 mil' });
    // The run stops after its transaction (the process dies before sending).
    expect(await claimAlerts(t.app)).toBe(1);
    const pending = async () => (await t.app.db.select().from(alertEmails)).filter((r) => r.sentAt === null && r.message.to === user.email);
    expect(await pending()).toHaveLength(1);

    // The next process cannot reach its SMTP server: the email stays pending, nothing is composed again.
    const down = await buildApp({ ...t.config, smtpUrl: 'smtp://127.0.0.1:9' }, { logger: false, clock: t.clock, database: t.testDb.database });
    expect(await runAlertJob(down)).toMatchObject({ ran: true, composed: 0, sent: 0 });
    await down.close();
    expect(await pending()).toHaveLength(1);

    // Then two instances start together: one sends it, once.
    const [a, b] = await Promise.all([1, 2].map(() => buildApp(t.config, { logger: false, clock: t.clock, database: t.testDb.database })));
    const runs = await Promise.all([runAlertJob(a), runAlertJob(b)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    await Promise.all([a.close(), b.close()]);
    expect(await pending()).toHaveLength(0);
    await t.app.mailer.flush();
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mailsTo(user.email)[0].decoded).toContain('Apartamento de 88 mil');
    expect(await run()).toMatchObject({ composed: 0, sent: 0 });
    expect((await t.app.db.select().from(alertEmails)).every((r) => r.sentAt !== null)).toBe(true);
  });

  test('old alert records go, at most once an hour: emails sent over 30 days ago, records of deleted listings; a listing still there is never announced twice', async () => {
    const { user: ownerUser, auth: owner } = await createUser(t.app, { miPlan: 50 });
    const { user, auth } = await createUser(t.app, { name: 'Luisa' });
    const favourite = await publishListing(t, owner, { propiedad: 'Casa', price: '7000000', title: 'Casa de Luisa' });
    await put(`/favoritos/${favourite._id}`, auth);
    t.clock.advance(MINUTE);
    const search = await saveSearch(auth);
    t.clock.advance(MINUTE);
    const kept = await publishListing(t, owner, { ...APARTMENT, price: '180000', title: 'Apartamento que sigue' });
    const gone = await publishListing(t, owner, { ...APARTMENT, price: '190000', title: 'Apartamento borrado' });
    expect((await editListing(t, favourite._id, owner, { fields: { propiedad: 'Casa', price: '6000000', title: 'Casa de Luisa' }, fotos: [] })).status).toBe(200);
    // the search's email and the price-drop email (issue 39: each its own)
    expect(await run()).toMatchObject({ composed: 2, sent: 2 });
    expect((await del(t, `/${gone._id}`, owner)).status).toBe(200);
    const records = async () => ({
      delivered: (await t.app.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user.id))).map((r) => r.anuncioId).sort(),
      emails: (await t.app.db.select().from(alertEmails).where(eq(alertEmails.userId, user.id))).length,
    });
    expect(await records()).toEqual({ delivered: [kept._id, gone._id].sort(), emails: 2 });

    // A month later the owner renews the listing (new again by its date): the record that it was
    // announced is kept, so it is not announced twice; the rest is gone.
    t.clock.advance(31 * DAY);
    const signedInAgain = { authorization: `Bearer ${t.app.signToken(ownerUser)}` };
    expect((await post(t, `/anuncio/${kept._id}/renovar`, {}, signedInAgain)).status).toBe(200);
    expect(await run()).toMatchObject({ composed: 0 });
    expect(await records()).toEqual({ delivered: [kept._id], emails: 0 });
    expect(mailsTo(user.email)).toHaveLength(2);
    // (gone, so that later listings are not its news; the session above is a month old)
    await t.app.db.delete(savedSearches).where(eq(savedSearches.id, search._id));
  });
});
