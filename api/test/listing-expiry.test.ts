/**
 * The expiry job (issue 20) with a controllable clock: one reminder 7 days before, over real SMTP,
 * with a signed single-use renew link that works without a session; expiry at 90 days hides the
 * listing; renewing needs a free slot; partner listings never expire; one instance at a time.
 */
import { eq, sql } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { EXPIRY_LOCK_KEY, runExpiryJob } from '../src/anuncios/expiry-job';
import { renewToken } from '../src/anuncios/renew-link';
import { engines } from './support/engines';
import { setupMailApp } from './support/app';
import { createUser } from './support/users';
import { get, post } from './support/http';
import { publishListing } from './support/owner-listings';

const DAY = 24 * 3600_000;
const MODERATOR = 'moderador-vencimiento@example.com';

describe.each(engines())('listing expiry on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, { listingTtlDays: 90, moderatorEmails: [MODERATOR] });

  const run = async () => {
    const result = await runExpiryJob(t.app);
    await t.app.mailer.flush();
    return result;
  };
  const estadoOf = async (id: string) => (await t.app.db.select({ e: anuncios.estado }).from(anuncios).where(eq(anuncios.id, id)))[0].e;
  const renewLink = (raw: string) => {
    const match = /https?:\/\/site\.test\/renovarAnuncio\/([0-9a-f-]+)\/([A-Za-z0-9_-]+)/.exec(raw);
    if (!match) throw new Error('no renew link in the mail');
    return { id: match[1], token: match[2] };
  };
  const searchHas = async (id: string) => (await post(t, '/allAnuncios', { filters: {}, page: 0 })).body.anuncios.some((a: { _id: string }) => a._id === id);

  test('reminder 7 days before, once; expiry at 90 days; the emailed link renews once, without a session', async () => {
    const { user, auth } = await createUser(t.app, { name: 'Marisol' });
    const listing = await publishListing(t, auth, { title: 'Villa en Jarabacoa' });
    expect(listing).toMatchObject({ estado: 'activo' });

    t.clock.advance(82 * DAY);
    const sentBefore = smtp.mails.length;
    expect((await run()).reminded).toEqual([]);
    t.clock.advance(1 * DAY + 60_000); // now inside the last 7 days
    expect(await run()).toMatchObject({ ran: true, expired: [], reminded: [listing._id] });
    const mail = await smtp.waitFor(user.email, sentBefore);
    expect(mail.decoded).toContain('Villa en Jarabacoa');
    expect(mail.decoded).toContain('Hola Marisol');
    // the real length of the period the link renews for (issue 39)
    expect(mail.decoded).toContain('Renuévalo con un clic por 90 días más');
    const link = renewLink(mail.decoded);
    expect(link.id).toBe(listing._id);
    // the period it was made for, then the HMAC; no '.', which the site server takes for a file's extension
    expect(link.token).toMatch(/^[0-9a-z]{1,11}-[A-Za-z0-9_-]{43}$/);
    // one reminder per period, however often the job runs
    expect((await run()).reminded).toEqual([]);
    expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(1);

    t.clock.advance(7 * DAY);
    expect((await run()).expired).toEqual([listing._id]);
    expect(await estadoOf(listing._id)).toBe('vencido');
    expect(await searchHas(listing._id)).toBe(false);
    expect((await get(t, `/anuncio/${listing._id}`)).status).toBe(404);

    // The link works without a session, once.
    const renewed = await post(t, `/anuncio/${link.id}/renovar`, { token: link.token });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ estado: 'activo' });
    expect(Date.parse(renewed.body.expiresAt)).toBe(t.clock.now() + 90 * DAY);
    expect(await searchHas(listing._id)).toBe(true);
    // The same link again (issue 39): "already renewed", and nothing moves (the period is the first click's).
    t.clock.advance(60_000);
    const again = await post(t, `/anuncio/${link.id}/renovar`, { token: link.token });
    expect(again).toMatchObject({ status: 200, body: { estado: 'activo', yaRenovado: true, expiresAt: renewed.body.expiresAt } });
    // a forged or altered link is refused as before
    const dash = link.token.indexOf('-');
    const [period, signature] = [link.token.slice(0, dash), link.token.slice(dash + 1)];
    expect(signature).toHaveLength(43);
    expect((await post(t, `/anuncio/${link.id}/renovar`, { token: `${period}-${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}` })).status).toBe(400);
    expect((await post(t, `/anuncio/${link.id}/renovar`, { token: `${(Number.parseInt(period, 36) - 1).toString(36)}-${signature}` })).status).toBe(400);
    expect((await post(t, `/anuncio/${link.id}/renovar`, { token: signature })).status).toBe(400);

    // The new period gets its own reminder.
    t.clock.advance(84 * DAY);
    expect((await run()).reminded).toEqual([listing._id]);
  });

  test('issue 39: a link of an earlier period says "already renewed" only while the listing is active; a link sent before the period was named still renews once', async () => {
    const { user, auth } = await createUser(t.app);
    const listing = await publishListing(t, auth);
    const row = async () => (await t.app.db.select().from(anuncios).where(eq(anuncios.id, listing._id)))[0];
    const oldLink = renewToken(t.config.jwtSecret, listing._id, (await row()).renewedAt);
    // the owner renews in the app: the emailed link of the earlier period is now "already renewed"
    t.clock.advance(85 * DAY);
    expect((await post(t, `/anuncio/${listing._id}/renovar`, {}, { authorization: `Bearer ${t.app.signToken(user)}` })).status).toBe(200);
    expect(await post(t, `/anuncio/${listing._id}/renovar`, { token: oldLink })).toMatchObject({ status: 200, body: { yaRenovado: true } });
    // paused since: the old link says nothing about renewal, it is no longer valid
    await post(t, `/anuncio/${listing._id}/estado`, { estado: 'pausado' }, { authorization: `Bearer ${t.app.signToken(user)}` });
    expect(await post(t, `/anuncio/${listing._id}/renovar`, { token: oldLink })).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });

    // a link in the earlier format (the HMAC alone) renews the current period once
    const other = await publishListing(t, { authorization: `Bearer ${t.app.signToken(user)}` });
    const legacyLink = renewToken(t.config.jwtSecret, other._id, (await t.app.db.select().from(anuncios).where(eq(anuncios.id, other._id)))[0].renewedAt);
    const legacy = legacyLink.slice(legacyLink.indexOf('-') + 1);
    t.clock.advance(DAY);
    expect((await post(t, `/anuncio/${other._id}/renovar`, { token: legacy })).body).toMatchObject({ estado: 'activo' });
    expect(await post(t, `/anuncio/${other._id}/renovar`, { token: legacy })).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });
  });

  test('renewal by the owner restarts the period; renewing an expired listing needs a free slot', async () => {
    const { user, auth } = await createUser(t.app, { miPlan: 1 });
    const listing = await publishListing(t, auth);
    t.clock.advance(50 * DAY);
    const fresh = { authorization: `Bearer ${t.app.signToken(user)}` };
    const renewed = await post(t, `/anuncio/${listing._id}/renovar`, {}, fresh);
    expect(Date.parse(renewed.body.expiresAt)).toBe(t.clock.now() + 90 * DAY);
    t.clock.advance(89 * DAY);
    expect((await run()).expired).not.toContain(listing._id);
    t.clock.advance(2 * DAY);
    expect((await run()).expired).toContain(listing._id);

    const auth2 = { authorization: `Bearer ${t.app.signToken(user)}` };
    // the expired one frees its slot: another can be published, and then renewing is refused
    const other = await publishListing(t, auth2);
    expect(await post(t, `/anuncio/${listing._id}/renovar`, {}, auth2)).toMatchObject({ status: 403, body: { error: MSG.quotaReached } });
    await post(t, `/anuncio/${other._id}/estado`, { estado: 'pausado' }, auth2);
    expect((await post(t, `/anuncio/${listing._id}/renovar`, {}, auth2)).body).toMatchObject({ estado: 'activo' });
    expect((await post(t, `/anuncio/${listing._id}/renovar`, {})).status).toBe(401);
  });

  test('a blocked owner gets no reminder email (issue 40)', async () => {
    const { user: moderator } = await createUser(t.app, { email: MODERATOR });
    const { user, auth } = await createUser(t.app);
    // its own number: a block covers the account's phones (issue 40), and later tests publish with the shared one
    const listing = await publishListing(t, auth, { title: 'Casa de cuenta bloqueada', movil: '8095550131' });
    expect((await post(t, `/moderacion/usuarios/${user.id}/bloquear`, { motivo: 'Estafa' }, { authorization: `Bearer ${t.app.signToken(moderator)}` })).status).toBe(200);
    await t.app.mailer.flush();
    const before = smtp.mails.filter((m) => m.to.includes(user.email)).length;
    t.clock.advance(84 * DAY);
    expect((await run()).reminded).not.toContain(listing._id);
    expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(before);
  });

  test('partner listings and paused ones never expire', async () => {
    const { auth } = await createUser(t.app);
    const paused = await publishListing(t, auth);
    await post(t, `/anuncio/${paused._id}/estado`, { estado: 'pausado' }, auth);
    const [partner] = await t.app.db
      .insert(anuncios)
      .values({ source: 'hazim', sourceRef: 'x-1', description: 'x', price: 1, moneda: 'RD', priceRd: 1, proposito: 'venta', propiedad: 'Casa', renewedAt: new Date(t.clock.now()) })
      .returning();
    t.clock.advance(400 * DAY);
    const result = await run();
    expect(result.expired).not.toContain(partner.id);
    expect(await estadoOf(partner.id)).toBe('activo');
    expect(await estadoOf(paused._id)).toBe('pausado');
  });

  if (engine === 'postgres') {
    test('while another instance holds the job lock, a run does nothing', async () => {
      const { auth } = await createUser(t.app);
      const listing = await publishListing(t, auth);
      t.clock.advance(100 * DAY);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const lockTaken = new Promise<void>((r) => (locked = r));
      const holder = t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${EXPIRY_LOCK_KEY})`);
        locked();
        await held;
      });
      await lockTaken;
      expect(await run()).toEqual({ ran: false, expired: [], reminded: [] });
      expect(await estadoOf(listing._id)).toBe('activo');
      release();
      await holder;
      expect((await run()).expired).toContain(listing._id);
    });
  }
});
