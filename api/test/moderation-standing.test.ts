/**
 * Issue 40: reports that cannot be weaponised, over real HTTP. Visitors' reports are kept and shown
 * but never hold a listing; only confirmed accounts of REPORTER_MIN_ACCOUNT_DAYS count, one per
 * network; an approval protects a listing for APPROVAL_IMMUNITY_DAYS; without moderators nothing is
 * hidden (it is flagged in its history); the queue pages with held listings first and no cap, and
 * shows bursts of reports against one owner or from one network.
 */
import { MODERACION_PAGE_SIZE, MOTIVO_RETENCION, RAFAGA_HORAS, type ModeracionItem, type ModeracionResponse } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { historyOf } from '../src/moderation/repository';
import { engines } from './support/engines';
import { setupMailApp } from './support/app';
import { createUser } from './support/users';
import { get, post } from './support/http';
import { publishListing } from './support/owner-listings';
import { DAY, moderationHelpers } from './support/moderation';

const MODERATOR = 'moderadora@example.com';

describe.each(engines())('who counts toward a hold, on %s', (engine) => {
  const { t } = setupMailApp(engine, { trustProxy: 1, moderatorEmails: [MODERATOR], reportsToHold: 3, approvalImmunityDays: 30 });
  const h = moderationHelpers(t, '10.40');
  let mod: () => Record<string, string>;
  const queuePage = async (page = 0) => (await get(t, `/moderacion/anuncios?page=${page}`, mod())).body as ModeracionResponse;
  const itemOf = async (id: string) => (await queuePage()).items.find((i) => i.anuncio._id === id) as ModeracionItem;
  const ownerListing = async (place: string) => {
    const owner = await createUser(t.app);
    return { owner, listing: await publishListing(t, { ...h.authOf(owner.user), ...h.address() }, { place }) };
  };

  beforeAll(async () => {
    const { user } = await createUser(t.app, { email: MODERATOR });
    mod = () => h.authOf(user);
  });

  test('three (and ten) anonymous addresses never hold a listing: their reports are kept and shown, counting for nothing', async () => {
    const place = 'Visitantes Anonimos';
    const { listing } = await ownerListing(place);
    for (let i = 0; i < 10; i++) expect((await h.report(listing._id, h.address())).status).toBe(201);
    expect(await h.inSearch(listing._id, place)).toBe(true);
    expect((await get(t, `/anuncio/${listing._id}`)).status).toBe(200);
    const item = await itemOf(listing._id);
    expect(item).toMatchObject({ anuncio: { estado: 'activo' }, reporteros: 10, reporterosConPeso: 0 });
    expect(item.reportes).toHaveLength(10);
    expect(item.reportes.every((r) => r.reportero === 'visitante' && !r.conPeso)).toBe(true);
  });

  test('three accounts with standing, each on its own network, hold it; three on one network count once', async () => {
    const place = 'Cuentas Con Antiguedad';
    const { listing } = await ownerListing(place);
    // one household or VPN exit: three old accounts behind one address are one reporter
    const shared = h.address();
    for (let i = 0; i < 3; i++) {
      const { user } = await createUser(t.app, { createdAt: new Date(t.clock.now() - 60 * DAY) });
      expect((await h.report(listing._id, { ...h.authOf(user), ...shared })).status).toBe(201);
    }
    expect(await h.inSearch(listing._id, place)).toBe(true);
    expect(await itemOf(listing._id)).toMatchObject({ reporteros: 3, reporterosConPeso: 1 });

    expect(await h.reportByStanding(listing._id, 2)).toEqual([201, 201]);
    expect(await h.inSearch(listing._id, place)).toBe(false);
    expect((await get(t, `/anuncio/${listing._id}`)).status).toBe(404);
    const item = await itemOf(listing._id);
    expect(item).toMatchObject({ anuncio: { estado: 'en revisión' }, reporterosConPeso: 3 });
    expect(item.historial[0]).toMatchObject({ accion: 'en_revision', motivo: MOTIVO_RETENCION.reportes(3, 7) });
  });

  test('a new account, an unconfirmed one and visitors do not count; the third account with standing does', async () => {
    const place = 'Cuentas Nuevas';
    const { listing } = await ownerListing(place);
    await h.reportByStanding(listing._id, 2);
    const fresh = await h.account({ createdAt: new Date(t.clock.now() - DAY) });
    const unconfirmed = await h.account({ confirmed: false });
    expect((await h.report(listing._id, fresh.headers())).status).toBe(201);
    expect((await h.report(listing._id, unconfirmed.headers())).status).toBe(201);
    expect((await h.report(listing._id, h.address())).status).toBe(201);
    expect(await h.inSearch(listing._id, place)).toBe(true);
    const item = await itemOf(listing._id);
    expect(item).toMatchObject({ reporteros: 5, reporterosConPeso: 2 });
    expect(item.reportes.map((r) => r.conPeso)).toEqual([false, false, false, true, true]);

    await h.reportByStanding(listing._id, 1);
    expect(await h.inSearch(listing._id, place)).toBe(false);
  });

  test('an approved listing is immune to automatic holds for APPROVAL_IMMUNITY_DAYS, and held again after', async () => {
    const place = 'Inmunidad Aprobado';
    const { listing } = await ownerListing(place);
    await h.reportByStanding(listing._id, 3);
    expect(await h.inSearch(listing._id, place)).toBe(false);
    expect((await post(t, `/moderacion/anuncios/${listing._id}`, { accion: 'aprobar', motivo: 'Verificado en persona' }, mod())).status).toBe(200);
    const approvedAt = t.clock.now();

    // three new accounts with standing the same week: recorded and shown, not held
    t.clock.advance(2 * DAY);
    expect(await h.reportByStanding(listing._id, 3)).toEqual([201, 201, 201]);
    expect(await h.inSearch(listing._id, place)).toBe(true);
    const item = await itemOf(listing._id);
    expect(item).toMatchObject({ anuncio: { estado: 'activo' }, reporterosConPeso: 3, inmuneHasta: new Date(approvedAt + 30 * DAY).toISOString() });

    t.clock.advance(29 * DAY);
    expect((await itemOf(listing._id)).inmuneHasta).toBeNull();
    await h.reportByStanding(listing._id, 3);
    expect(await h.inSearch(listing._id, place)).toBe(false);
    expect((await historyOf(t.app.db, listing._id)).map((e) => e.accion)).toEqual(['en_revision', 'aprobar', 'en_revision']);
  });

  test('the queue pages with no cap, held listings first, every listing exactly once', async () => {
    // earlier tests left listings in the queue: count from what is there now
    const before = (await queuePage()).total;
    const owner = await createUser(t.app);
    const values = Array.from({ length: 120 }, (_, i) => ({
      ownerId: owner.user.id, title: `Cola ${i}`, description: 'x', price: 1000, moneda: 'RD' as const, priceRd: 1000, proposito: 'venta', propiedad: 'Casa', place: 'Cola Paginada',
    }));
    const rows = await t.app.db.insert(anuncios).values(values).returning({ id: anuncios.id });
    // three held first (the oldest reports), then 117 reported later by visitors
    const held = rows.slice(0, 3).map((r) => r.id);
    for (const id of held) await h.reportByStanding(id, 3);
    t.clock.advance(3600_000);
    for (const { id } of rows.slice(3)) expect((await h.report(id, h.address())).status).toBe(201);

    const first = await queuePage(0);
    expect(first).toMatchObject({ total: before + 120, page: 0, pageSize: MODERACION_PAGE_SIZE });
    expect(first.items).toHaveLength(MODERACION_PAGE_SIZE);
    const seen: ModeracionItem[] = [];
    for (let page = 0; page * MODERACION_PAGE_SIZE < first.total; page++) seen.push(...(await queuePage(page)).items);
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen.map((i) => i.anuncio._id)).size).toBe(first.total);
    for (const { id } of rows) expect(seen.some((i) => i.anuncio._id === id)).toBe(true);
    // every held listing before every other one
    const heldPositions = seen.flatMap((i, n) => (i.anuncio.estado === 'en revisión' ? [n] : []));
    expect(heldPositions).toEqual(heldPositions.map((_, n) => n));
    expect(heldPositions.length).toBeGreaterThanOrEqual(3);
    expect((await queuePage(1000)).items).toEqual([]);
    expect((await get(t, '/moderacion/anuncios?page=-1', mod())).status).toBe(400);
  });

  test('bursts are visible: many reports against one owner, or from one network, in the last hours', async () => {
    t.clock.advance(2 * DAY);
    const owner = await createUser(t.app, { miPlan: 10 });
    const ownerHeaders = { ...h.authOf(owner.user), ...h.address() };
    const targets = [];
    for (let i = 0; i < 6; i++) targets.push(await publishListing(t, ownerHeaders, { place: 'Rafaga Dueno' }));
    for (const listing of targets) await h.report(listing._id, h.address());
    const item = await itemOf(targets[0]._id);
    expect(item.rafagaDueno).toEqual({ reportes: 6, anuncios: 6 });

    // one network reporting listings of six different owners
    const network = h.address();
    const reported = [];
    for (let i = 0; i < 6; i++) reported.push((await ownerListing('Rafaga Red')).listing);
    for (const listing of reported) expect((await h.report(listing._id, network)).status).toBe(201);
    const some = await itemOf(reported[0]._id);
    const tag = some.reportes[0].red;
    expect(tag).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(some)).not.toContain(network['x-forwarded-for']);
    expect(some.rafagasRed).toEqual([{ red: tag, reportes: 6, anuncios: 6 }]);
    expect((await itemOf(reported[5]._id)).reportes[0].red).toBe(tag);
    expect(some.rafagaDueno).toEqual({ reportes: 1, anuncios: 1 });

    // the window moves on
    t.clock.advance((RAFAGA_HORAS + 1) * 3600_000);
    expect((await itemOf(reported[0]._id)).rafagasRed).toEqual([{ red: tag, reportes: 0, anuncios: 0 }]);
  });
});

describe.each(engines())('without moderators, on %s', (engine) => {
  const { t } = setupMailApp(engine, { trustProxy: 1, moderatorEmails: [], reportsToHold: 3 });
  const h = moderationHelpers(t, '10.41');

  test('nothing is hidden automatically: reports that would hold a listing flag it in its history', async () => {
    const place = 'Sin Moderadores';
    const owner = await createUser(t.app);
    const listing = await publishListing(t, { ...h.authOf(owner.user), ...h.address() }, { place });
    expect(await h.reportByStanding(listing._id, 4)).toEqual([201, 201, 201, 201]);
    expect(await h.inSearch(listing._id, place)).toBe(true);
    expect((await get(t, `/anuncio/${listing._id}`)).body).toMatchObject({ _id: listing._id, estado: 'activo' });
    expect((await historyOf(t.app.db, listing._id)).map((e) => [e.accion, e.motivo])).toEqual([['marcado', MOTIVO_RETENCION.reportes(3, 7)]]);
  });
});
