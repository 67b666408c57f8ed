/**
 * Listing statuses (issue 20): what each hides from search, counts and option lists; the owner's
 * transitions; the quota counting only active listings, also under concurrent resumes.
 */
import { MSG } from 'shared-contracts';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { createUser } from './support/users';
import { get, post } from './support/http';
import { publishListing } from './support/owner-listings';

describe.each(engines())('listing statuses on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const search = (filters: Record<string, unknown> = {}) => post(t, '/allAnuncios', { filters, page: 0 });
  const setEstado = (id: string, estado: string, auth: Record<string, string>) => post(t, `/anuncio/${id}/estado`, { estado }, auth);
  const found = async (id: string, place: string) => {
    const res = await search({ place });
    return { count: res.body.count, listed: res.body.anuncios.some((a: { _id: string }) => a._id === id), option: res.body.placeOptions.includes(place) };
  };

  test('paused, sold and rented listings leave search, counts and option lists; resuming brings them back', async () => {
    const { auth } = await createUser(t.app);
    const place = 'Jarabacoa Estados';
    const venta = await publishListing(t, auth, { place, proposito: 'venta' });
    const alquiler = await publishListing(t, auth, { place, proposito: 'alquiler' });
    expect(await found(venta._id, place)).toEqual({ count: 2, listed: true, option: true });

    expect((await setEstado(venta._id, 'pausado', auth)).body).toMatchObject({ estado: 'pausado' });
    expect(await found(venta._id, place)).toEqual({ count: 1, listed: false, option: true });
    // a paused listing is not public by its link either
    expect((await get(t, `/anuncio/${venta._id}`)).status).toBe(404);

    expect((await setEstado(alquiler._id, 'alquilado', auth)).body).toMatchObject({ estado: 'alquilado' });
    expect(await found(alquiler._id, place)).toEqual({ count: 0, listed: false, option: false });
    // sold or rented: still reachable by its link, with its status for the banner
    expect((await get(t, `/anuncio/${alquiler._id}`)).body).toMatchObject({ _id: alquiler._id, estado: 'alquilado' });

    expect((await setEstado(venta._id, 'activo', auth)).body).toMatchObject({ estado: 'activo' });
    expect(await found(venta._id, place)).toEqual({ count: 1, listed: true, option: true });
    expect((await setEstado(venta._id, 'vendido', auth)).body).toMatchObject({ estado: 'vendido' });
    expect(await found(venta._id, place)).toEqual({ count: 0, listed: false, option: false });
    expect((await get(t, `/anuncio/${venta._id}`)).body).toMatchObject({ estado: 'vendido' });
  });

  test('transitions: sold by purpose, no owner may set vencido or en revisión, others refused', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const venta = await publishListing(t, owner.auth, { proposito: 'venta' });
    expect(await setEstado(venta._id, 'alquilado', owner.auth)).toMatchObject({ status: 409, body: { error: MSG.estadoNoPermitido } });
    expect((await setEstado(venta._id, 'vencido', owner.auth)).status).toBe(400);
    expect((await setEstado(venta._id, 'en revisión', owner.auth)).status).toBe(400);
    expect(await setEstado(venta._id, 'pausado', other.auth)).toMatchObject({ status: 403, body: { error: MSG.forbiddenEdit } });
    expect((await setEstado('00000000-0000-4000-8000-000000000000', 'pausado', owner.auth)).status).toBe(404);
    expect((await setEstado(venta._id, 'pausado', {})).status).toBe(401);
    await setEstado(venta._id, 'vendido', owner.auth);
    // a sold listing cannot be paused, only reactivated
    expect((await setEstado(venta._id, 'pausado', owner.auth)).status).toBe(409);
    expect((await get(t, `/anuncio/${venta._id}/editar`, other.auth)).status).toBe(403);
    expect((await get(t, `/anuncio/${venta._id}/editar`, owner.auth)).body).toMatchObject({ estado: 'vendido', movil: '+18095550000' });
  });

  test('the quota counts only active listings: pause one to publish another; resuming then needs a free slot', async () => {
    const { auth } = await createUser(t.app, { miPlan: 2 });
    const a = await publishListing(t, auth);
    await publishListing(t, auth);
    const mine = () => post(t, '/misAnuncios', {}, auth);
    expect((await mine()).body.canitdadDeAnunciosDisponibles).toBe(0);
    await expect(publishListing(t, auth)).rejects.toThrow(/403/);

    await setEstado(a._id, 'pausado', auth);
    expect((await mine()).body).toMatchObject({ canitdadDeAnunciosDisponibles: 1 });
    const c = await publishListing(t, auth);
    expect((await mine()).body).toMatchObject({ canitdadDeAnunciosDisponibles: 0 });
    expect((await mine()).body.listaDeTodos).toHaveLength(3);

    expect(await setEstado(a._id, 'activo', auth)).toMatchObject({ status: 403, body: { error: MSG.quotaReached } });
    expect(await post(t, `/anuncio/${a._id}/renovar`, {}, auth)).toMatchObject({ status: 409, body: { error: MSG.renovacionNoPermitida } });
    await setEstado(c._id, 'vendido', auth);
    expect((await setEstado(a._id, 'activo', auth)).body).toMatchObject({ estado: 'activo' });
  });

  test('concurrent resumes with one free slot: exactly one succeeds, the plan is never exceeded', async () => {
    const { user, auth } = await createUser(t.app, { miPlan: 3 });
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await publishListing(t, auth))._id);
    for (const id of ids) await setEstado(id, 'pausado', auth);
    await publishListing(t, auth);
    await publishListing(t, auth);
    const answers = await Promise.all(ids.map((id) => setEstado(id, 'activo', auth)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
    const mine = await post(t, '/misAnuncios', {}, auth);
    expect(mine.body.listaDeTodos.filter((a: { estado: string }) => a.estado === 'activo')).toHaveLength(user.miPlan);
  });
});
