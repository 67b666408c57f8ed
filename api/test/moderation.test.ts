/**
 * Reports and moderation (issue 23) over real HTTP: report limits (one per listing, reporter and
 * day; per client), the automatic hold at REPORTS_TO_HOLD distinct reporters with standing within
 * 7 days (the listing leaves search, its owner is emailed and may edit but not reactivate it), role
 * checks (403 for normal users), the moderators' actions with their audit trail, and blocking a
 * user (every listing hidden, sessions ended, login refused). Who counts toward a hold, immunity,
 * the queue's pages and bursts: moderation-standing.test.ts; blocks that stick: moderation-blocks.test.ts.
 */
import fc from 'fast-check';
import { MOTIVO_RETENCION, MSG, REPORTE_COMENTARIO_MAX } from 'shared-contracts';
import { engines } from './support/engines';
import { setupMailApp } from './support/app';
import { TEST_PASSWORD, createUser } from './support/users';
import { del, get, post } from './support/http';
import { editListing, publishListing } from './support/owner-listings';
import { moderationHelpers } from './support/moderation';
import { historyOf } from '../src/moderation/repository';
import type { UserRow } from '../src/db/schema';

const DAY = 24 * 3600_000;
const MODERATOR = 'moderadora@example.com';

describe.each(engines())('reports and moderation on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, { trustProxy: 1, moderatorEmails: [MODERATOR], reportsToHold: 3 });
  let moderator: UserRow;
  /** A token signed now (the tests move the clock by days, past a token's lifetime). */
  const authOf = (user: UserRow) => ({ authorization: `Bearer ${t.app.signToken(user)}` });
  const mod = () => authOf(moderator);
  let ip = 0;
  /** A visitor from an address of its own (the API trusts one proxy here). */
  const visitor = () => ({ 'x-forwarded-for': `10.23.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  const report = (id: string, headers: Record<string, string>, body: Record<string, unknown> = { motivo: 'estafa' }) => post(t, `/anuncio/${id}/reportes`, body, headers);
  const inSearch = async (id: string, place: string) => (await post(t, '/allAnuncios', { filters: { place }, page: 0 })).body.anuncios.some((a: { _id: string }) => a._id === id);
  /** The first message to `to` holding `text` (mail leaves in the background, in any order). */
  const mailWith = async (to: string, text: string) => {
    for (let since = 0; ; since = smtp.mails.length) {
      const mail = await smtp.waitFor(to, since);
      if (mail.decoded.includes(text)) return mail;
      const later = smtp.mails.find((m) => m.to.includes(to) && m.decoded.includes(text));
      if (later) return later;
    }
  };
  const queue = async () => (await get(t, '/moderacion/anuncios', mod())).body.items as any[];
  const accounts = moderationHelpers(t, '10.24');

  beforeAll(async () => {
    moderator = (await createUser(t.app, { email: MODERATOR })).user;
  });

  test('report limits: one per listing and reporter a day, reasons and comment checked, not one\'s own listing, per-client limit', async () => {
    const owner = await createUser(t.app);
    const listing = await publishListing(t, owner.auth, { place: 'Limites Reporte' });
    const someone = visitor();
    expect(await report(listing._id, someone, { motivo: 'no_disponible', comentario: 'Ya se vendió' })).toMatchObject({ status: 201, body: { message: MSG.reporteGracias } });
    expect(await report(listing._id, someone)).toMatchObject({ status: 409, body: { error: MSG.reporteRepetido } });
    // a signed-in user on the same connection is a reporter of their own
    const user = await createUser(t.app);
    expect((await report(listing._id, { ...someone, ...user.auth })).status).toBe(201);
    expect((await report(listing._id, { ...someone, ...user.auth })).status).toBe(409);
    // the next day (Dominican calendar) the same visitor may report again
    t.clock.advance(DAY);
    expect((await report(listing._id, someone)).status).toBe(201);

    expect(await report(listing._id, visitor(), { motivo: 'spam' })).toMatchObject({ status: 400, body: { error: MSG.motivoRequerido } });
    expect((await report(listing._id, visitor(), { motivo: 'otro', comentario: 'x'.repeat(REPORTE_COMENTARIO_MAX + 1) })).status).toBe(400);
    expect(await report(listing._id, owner.auth)).toMatchObject({ status: 403, body: { error: MSG.reportePropio } });
    expect((await report('00000000-0000-4000-8000-000000000000', visitor())).status).toBe(404);
    expect((await report(listing._id, { authorization: 'Bearer abc.def.ghi' })).status).toBe(401);
    expect((await report(listing._id, visitor(), { motivo: 'otro', comentario: 'x'.repeat(REPORTE_COMENTARIO_MAX) })).status).toBe(201);

    // per client: 20 reports an hour, whatever the listings
    const busy = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await report('00000000-0000-4000-8000-000000000000', busy)).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  test('three distinct reporters within 7 days hold the listing: out of search, owner emailed, editable but not reactivable', async () => {
    const owner = await createUser(t.app);
    const place = 'Retencion Automatica';
    const listing = await publishListing(t, authOf(owner.user), { place });
    expect(await accounts.reportByStanding(listing._id, 1)).toEqual([201]);
    // reports older than 7 days no longer count
    t.clock.advance(8 * DAY);
    await accounts.reportByStanding(listing._id, 1);
    const user = await accounts.account();
    await report(listing._id, user.headers());
    // the same reporter again (next day) is still one reporter
    t.clock.advance(DAY);
    expect((await report(listing._id, user.headers())).status).toBe(201);
    expect(await inSearch(listing._id, place)).toBe(true);
    expect((await get(t, `/anuncio/${listing._id}`)).status).toBe(200);

    const mailsBefore = smtp.mails.length;
    expect(await accounts.reportByStanding(listing._id, 1)).toEqual([201]);
    expect(await inSearch(listing._id, place)).toBe(false);
    expect((await post(t, '/allAnuncios', { filters: { place }, page: 0 })).body).toMatchObject({ count: 0, placeOptions: expect.not.arrayContaining([place]) });
    expect((await get(t, `/anuncio/${listing._id}`)).status).toBe(404);
    // no more reports once held
    expect((await report(listing._id, visitor())).status).toBe(404);
    const mail = await smtp.waitFor(owner.user.email, mailsBefore);
    expect(mail.decoded).toContain('Varias personas reportaron tu anuncio "Casa en Gazcue"');
    expect(mail.decoded).toContain('http://site.test/misAnuncios');

    const mine = (await post(t, '/misAnuncios', {}, authOf(owner.user))).body.listaDeTodos;
    expect(mine[0]).toMatchObject({ _id: listing._id, estado: 'en revisión' });
    expect(await post(t, `/anuncio/${listing._id}/estado`, { estado: 'activo' }, authOf(owner.user))).toMatchObject({ status: 409, body: { error: MSG.estadoNoPermitido } });
    expect((await post(t, `/anuncio/${listing._id}/estado`, { estado: 'pausado' }, authOf(owner.user))).status).toBe(409);
    expect((await post(t, `/anuncio/${listing._id}/renovar`, {}, authOf(owner.user))).status).toBe(409);
    const edited = await editListing(t, listing._id, authOf(owner.user), { fields: { place, title: 'Casa corregida' }, fotos: [] });
    expect(edited.body).toMatchObject({ title: 'Casa corregida', estado: 'en revisión' });
    expect(await inSearch(listing._id, place)).toBe(false);

    const item = (await queue()).find((i) => i.anuncio._id === listing._id);
    expect(item).toMatchObject({ anuncio: { estado: 'en revisión', title: 'Casa corregida' }, dueno: { _id: owner.user.id, bloqueado: false }, reporteros: 4 });
    // its open reports, newest first (the one older than 7 days is still listed for the moderator)
    const times = item.reportes.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(item.reportes).toHaveLength(5);
    expect(item.historial.map((h: { accion: string }) => h.accion)).toEqual(['editado', 'en_revision']);
  });

  test('only moderators reach the moderation calls: 401 without a token, 403 for a normal user', async () => {
    const owner = await createUser(t.app);
    const listing = await publishListing(t, owner.auth);
    const normal = await createUser(t.app);
    const calls = [
      () => get(t, '/moderacion/anuncios', normal.auth),
      () => post(t, `/moderacion/anuncios/${listing._id}`, { accion: 'retirar', motivo: 'x' }, normal.auth),
      () => post(t, `/moderacion/usuarios/${owner.user.id}/bloquear`, { motivo: 'x' }, normal.auth),
    ];
    for (const call of calls) expect(await call()).toMatchObject({ status: 403, body: { error: MSG.soloModeradores } });
    expect((await get(t, '/moderacion/anuncios')).status).toBe(401);
    // nothing happened
    expect((await get(t, `/anuncio/${listing._id}`)).status).toBe(200);
    expect((await post(t, '/api/user/login', { email: owner.user.email, password: TEST_PASSWORD })).status).toBe(200);
    // the login answer tells the site who is a moderator
    expect((await post(t, '/api/user/login', { email: MODERATOR, password: TEST_PASSWORD })).body).toMatchObject({ moderador: true });
    expect((await post(t, '/api/user/login', { email: normal.user.email, password: TEST_PASSWORD })).body).toMatchObject({ moderador: false });
    expect((await post(t, `/moderacion/anuncios/${listing._id}`, { accion: 'aprobar', motivo: '' }, mod())).body).toEqual({ error: MSG.motivoModeracionRequerido });
  });

  test('Aprobar puts a held listing back and clears its reports; Retirar hides it for good and emails the reason; both recorded', async () => {
    const owner = await createUser(t.app);
    const place = 'Aprobar Retirar';
    const a = await publishListing(t, owner.auth, { place, title: 'Casa A' });
    const b = await publishListing(t, owner.auth, { place, title: 'Casa B' });
    await accounts.reportByStanding(a._id, 3);
    await report(b._id, visitor());
    expect(await inSearch(a._id, place)).toBe(false);

    const approved = await post(t, `/moderacion/anuncios/${a._id}`, { accion: 'aprobar', motivo: 'Verificado con el dueño' }, mod());
    expect(approved).toMatchObject({ status: 200, body: { ok: true, estado: 'activo' } });
    expect(await inSearch(a._id, place)).toBe(true);
    expect((await queue()).some((i) => i.anuncio._id === a._id)).toBe(false);
    // nothing left to approve
    expect((await post(t, `/moderacion/anuncios/${a._id}`, { accion: 'aprobar', motivo: 'otra vez' }, mod())).status).toBe(409);
    // cleared: a new report starts a fresh count
    await report(a._id, visitor());
    expect(await inSearch(a._id, place)).toBe(true);

    expect((await post(t, `/moderacion/anuncios/${b._id}`, { accion: 'retirar', motivo: 'Fotos de otra propiedad' }, mod())).body).toMatchObject({ estado: 'retirado' });
    expect(await inSearch(b._id, place)).toBe(false);
    expect((await get(t, `/anuncio/${b._id}`)).status).toBe(404);
    const mail = await mailWith(owner.user.email, 'retiró tu anuncio');
    expect(mail.decoded).toContain('retiró tu anuncio "Casa B"');
    expect(mail.decoded).toContain('Fotos de otra propiedad');
    expect((await post(t, `/moderacion/anuncios/${b._id}`, { accion: 'retirar', motivo: 'otra vez' }, mod())).status).toBe(409);
    // the owner can neither bring it back nor edit it, only delete it
    expect((await post(t, `/anuncio/${b._id}/estado`, { estado: 'activo' }, owner.auth)).status).toBe(409);
    expect(await editListing(t, b._id, owner.auth, { fields: { place }, fotos: [] })).toMatchObject({ status: 409, body: { error: MSG.anuncioModerado } });

    const trail = await historyOf(t.app.db, a._id);
    expect(trail.map((e) => [e.accion, e.moderatorEmail, e.motivo])).toEqual([
      ['aprobar', MODERATOR, 'Verificado con el dueño'],
      ['en_revision', null, MOTIVO_RETENCION.reportes(3, 7)],
    ]);
    expect(trail[0].createdAt.getTime()).toBe(t.clock.now());
    expect((await historyOf(t.app.db, b._id))[0]).toMatchObject({ accion: 'retirar', moderatorEmail: MODERATOR, motivo: 'Fotos de otra propiedad' });
    expect((await del(t, `/${b._id}`, owner.auth)).status).toBe(200);
    // the trail outlives the listing
    expect(await historyOf(t.app.db, b._id)).toHaveLength(1);
  });

  test('approving while the owner\'s plan is full brings the listing back paused', async () => {
    const owner = await createUser(t.app, { miPlan: 1 });
    const held = await publishListing(t, owner.auth);
    await accounts.reportByStanding(held._id, 3);
    // its slot is free while held: the owner publishes another
    await publishListing(t, owner.auth);
    expect((await post(t, `/moderacion/anuncios/${held._id}`, { accion: 'aprobar', motivo: 'ok' }, mod())).body).toMatchObject({ estado: 'pausado' });
    expect((await post(t, '/misAnuncios', {}, owner.auth)).body.canitdadDeAnunciosDisponibles).toBe(0);
  });

  test('Bloquear usuario hides every listing, ends the sessions, refuses login with a clear message, and is recorded', async () => {
    const owner = await createUser(t.app);
    const place = 'Bloqueo Usuario';
    // a phone of its own: the block covers it (moderation-blocks.test.ts), the other tests publish with theirs
    const reported = await publishListing(t, owner.auth, { place, movil: '809 555 7001' });
    const other = await publishListing(t, owner.auth, { place, movil: '809 555 7001' });
    await post(t, `/anuncio/${other._id}/estado`, { estado: 'vendido' }, owner.auth);
    await report(reported._id, visitor());
    expect(await inSearch(reported._id, place)).toBe(true);
    const blocked = await post(t, `/moderacion/usuarios/${owner.user.id}/bloquear`, { motivo: 'Estafa confirmada', anuncioId: reported._id }, mod());
    expect(blocked).toMatchObject({ status: 200, body: { ok: true, anuncios: 2 } });
    expect((await post(t, '/allAnuncios', { filters: { place }, page: 0 })).body.count).toBe(0);
    expect((await get(t, `/anuncio/${reported._id}`)).status).toBe(404);
    expect((await get(t, `/anuncio/${other._id}`)).status).toBe(404);
    expect((await post(t, `/anuncio/${other._id}/contacto`, { canal: 'telefono' })).status).toBe(404);
    expect((await post(t, '/misAnuncios', {}, owner.auth)).status).toBe(401);
    expect(await post(t, '/api/user/login', { email: owner.user.email, password: TEST_PASSWORD })).toMatchObject({ status: 403, body: { error: MSG.cuentaBloqueada } });
    // a wrong password still answers the usual error: the block is told only to who knows the password
    expect((await post(t, '/api/user/login', { email: owner.user.email, password: 'Otra1234!' })).status).toBe(401);
    expect((await queue()).some((i) => i.anuncio._id === reported._id)).toBe(false);
    expect(await historyOf(t.app.db, reported._id)).toEqual([expect.objectContaining({ accion: 'bloquear', userId: owner.user.id, moderatorEmail: MODERATOR, motivo: 'Estafa confirmada' })]);
    expect((await mailWith(owner.user.email, 'bloqueó tu cuenta')).decoded).toContain('Estafa confirmada');

    expect((await post(t, '/moderacion/usuarios/00000000-0000-4000-8000-000000000000/bloquear', { motivo: 'x' }, mod())).status).toBe(404);
    const modRow = await post(t, '/api/user/login', { email: MODERATOR, password: TEST_PASSWORD });
    expect(await post(t, `/moderacion/usuarios/${modRow.body._id}/bloquear`, { motivo: 'x' }, mod())).toMatchObject({ status: 409, body: { error: MSG.moderadorNoBloqueable } });
  });

  test('generated bodies to the report and moderation calls never give a 5xx or a non-JSON answer', async () => {
    const owner = await createUser(t.app);
    const listing = await publishListing(t, owner.auth);
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 600 }), fc.constantFrom('estafa', 'aprobar', 'retirar', '\u0000', 'x'.repeat(6000)));
    const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom('motivo', 'comentario', 'accion', 'anuncioId', '__proto__'), value));
    const targets = [`/anuncio/${listing._id}/reportes`, `/moderacion/anuncios/${listing._id}`, `/moderacion/usuarios/${owner.user.id}/bloquear`];
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(...targets), async (generated, target) => {
        const res = await fetch(`${t.url}${target}`, { method: 'POST', body: JSON.stringify(generated), headers: { 'content-type': 'application/json', ...visitor(), ...(target.startsWith('/moderacion') ? mod() : {}) } });
        const text = await res.text();
        if (res.status >= 500 || !/^application\/json/.test(res.headers.get('content-type') ?? '')) throw new Error(`${target} ${JSON.stringify(generated).slice(0, 200)} -> ${res.status} ${text.slice(0, 200)}`);
      }),
      { numRuns: 150 },
    );
  });
});
