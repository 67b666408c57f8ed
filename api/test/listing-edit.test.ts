/**
 * `PUT /anuncio/{id}` (issue 20): the owner edits fields and photos (kept, removed, added,
 * reordered) with no orphan file left; others are refused; the price history and "Bajó de
 * precio"; concurrent edits of one listing lose no photo.
 */
import { eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { priceChangesOf } from '../src/anuncios/lifecycle-repository';
import { engines } from './support/engines';
import { startSiblingApp, startTestApp, type TestApp } from './support/app';
import { NO_LIMITS } from './support/limits';
import { createUser } from './support/users';
import { get, request } from './support/http';
import { editListing, filesFor, keysOf, photosDirOf, pngOf, publishListing, storedFiles } from './support/owner-listings';

let red: Buffer, green: Buffer, blue: Buffer, gold: Buffer;
beforeAll(async () => {
  [red, green, blue, gold] = await Promise.all(['#c2410c', '#15803d', '#1d4ed8', '#ca8a04'].map(pngOf));
});

describe.each(engines())('editing a listing on %s', (engine) => {
  let t: TestApp;
  let photosDir: string;
  beforeAll(async () => {
    // The upload limits have their own suite (hardening-uploads.test.ts).
    t = await startTestApp(engine, {}, { rateLimits: NO_LIMITS });
    photosDir = photosDirOf(t.config.dataDir);
  });
  afterAll(() => t.close());

  /** Every file on disk belongs to a listing and every listing's photo is on disk. */
  async function expectNoOrphans() {
    const rows = await t.app.db.select({ keys: anuncios.imageKeys }).from(anuncios);
    expect(storedFiles(photosDir)).toEqual(filesFor(rows.flatMap((r) => r.keys)));
  }

  test('the owner edits fields and photos: removed ones leave storage, new ones join, order kept, cover first', async () => {
    const { auth } = await createUser(t.app);
    const created = await publishListing(t, auth, {}, [red, green]);
    const [k1, k2] = keysOf(created.image_urls);
    const res = await editListing(t, created._id, auth, {
      fields: { title: 'Casa remodelada', price: '4500000', habitaciones: '4', piscina: 'true' },
      fotos: ['nueva:0', k2],
      quitadas: [k1],
      files: [blue],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: created._id, title: 'Casa remodelada', price: 4500000, habitaciones: 4, piscina: true, estado: 'activo' });
    const keys = keysOf(res.body.image_urls);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(k2);
    expect(keys[0]).not.toBe(k1);
    await expectNoOrphans();
    expect(storedFiles(photosDir)).not.toContain(k1);

    // The public detail and the search show the edit.
    const detail = await get(t, `/anuncio/${created._id}`);
    expect(detail.body).toMatchObject({ title: 'Casa remodelada', price: 4500000 });
    expect(detail.body.image_urls).toEqual(res.body.image_urls);
    const search = await request(t, 'POST', '/allAnuncios', { body: { filters: {}, page: 0 } });
    expect(search.body.anuncios.find((a: { _id: string }) => a._id === created._id)).toMatchObject({ title: 'Casa remodelada' });
  });

  test('reordering only keeps every file; the first photo becomes the cover', async () => {
    const { auth } = await createUser(t.app);
    const created = await publishListing(t, auth, {}, [red, green, blue]);
    const [k1, k2, k3] = keysOf(created.image_urls);
    const res = await editListing(t, created._id, auth, { fotos: [k3, k1, k2] });
    expect(res.status).toBe(200);
    expect(keysOf(res.body.image_urls)).toEqual([k3, k1, k2]);
    await expectNoOrphans();
  });

  test('price history: each change kept; "Bajó de precio" only for a drop within 30 days', async () => {
    const { user, auth: firstAuth } = await createUser(t.app);
    let auth = firstAuth;
    const created = await publishListing(t, auth, { price: '5000000', moneda: 'RD' });
    expect((await get(t, `/anuncio/${created._id}`)).body.precioAnterior).toBeNull();
    await editListing(t, created._id, auth, { fields: { price: '4200000' }, fotos: [] });
    expect((await get(t, `/anuncio/${created._id}`)).body.precioAnterior).toMatchObject({ price: 5000000, moneda: 'RD' });
    // an edit that leaves the price alone writes no history
    await editListing(t, created._id, auth, { fields: { price: '4200000', title: 'Otro título' }, fotos: [] });
    expect(await priceChangesOf(t.app.db, created._id)).toHaveLength(1);
    t.clock.advance(31 * 24 * 3600_000);
    auth = { authorization: `Bearer ${t.app.signToken(user)}` }; // the first token has expired
    expect((await get(t, `/anuncio/${created._id}`)).body.precioAnterior).toBeNull();
    // a rise is history too, but not a drop
    expect((await editListing(t, created._id, auth, { fields: { price: '4800000' }, fotos: [] })).status).toBe(200);
    expect((await get(t, `/anuncio/${created._id}`)).body.precioAnterior).toBeNull();
    // currencies compare in RD$: US$ 60,000 (RD$ 3.6 M at 60) is lower than RD$ 4.8 M
    expect((await editListing(t, created._id, auth, { fields: { price: '60000', moneda: 'US' }, fotos: [] })).body).toMatchObject({ price: 60000 });
    expect((await get(t, `/anuncio/${created._id}`)).body.precioAnterior).toMatchObject({ price: 4800000, moneda: 'RD' });
    const history = await priceChangesOf(t.app.db, created._id);
    expect(history.map((h) => [h.previousPrice, h.price])).toEqual([[5000000, 4200000], [4200000, 4800000], [4800000, 60000]]);
  });

  test("another user's listing: 403 and nothing changes; none: 404; no session: 401; no new file kept", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const created = await publishListing(t, owner.auth, {}, [red]);
    const before = storedFiles(photosDir);
    const refused = await editListing(t, created._id, other.auth, { fields: { title: 'Robado' }, fotos: ['nueva:0'], files: [green] });
    expect(refused).toMatchObject({ status: 403, body: { error: MSG.forbiddenEdit } });
    expect((await get(t, `/anuncio/${created._id}`)).body.title).not.toBe('Robado');
    expect((await editListing(t, '00000000-0000-4000-8000-000000000000', owner.auth, { fotos: [] })).status).toBe(404);
    expect((await editListing(t, 'no-es-un-id', owner.auth, { fotos: [] })).status).toBe(404);
    expect((await editListing(t, created._id, {}, { fotos: [] })).status).toBe(401);
    expect(storedFiles(photosDir)).toEqual(before);
  });

  test('bad photo lists and too many photos: 400, the listing and its files untouched', async () => {
    const { auth } = await createUser(t.app);
    const created = await publishListing(t, auth, {}, [red]);
    const [k1] = keysOf(created.image_urls);
    const before = storedFiles(photosDir);
    const cases = [
      { fotos: [k1, 'nueva:1'], files: [green] }, // no second file
      { fotos: [k1], files: [green] }, // an upload placed nowhere
      { fotos: [k1, k1] }, // twice
      { fotos: ['../../etc/passwd'] },
    ];
    for (const c of cases) expect({ c, status: (await editListing(t, created._id, auth, c)).status }).toEqual({ c, status: 400 });
    const many = Array.from({ length: 30 }, (_, i) => `nueva:${i}`);
    const tooMany = await editListing(t, created._id, auth, { fotos: [k1, ...many], files: Array.from({ length: 30 }, () => green) });
    expect(tooMany.status).toBe(400);
    expect(storedFiles(photosDir)).toEqual(before);
    expect(keysOf((await get(t, `/anuncio/${created._id}`)).body.image_urls)).toEqual([k1]);
  });

  test('concurrent edits of one listing lose no photo: each added photo stays, removals apply once', async () => {
    const { auth } = await createUser(t.app);
    const created = await publishListing(t, auth, {}, [red, green]);
    const [k1, k2] = keysOf(created.image_urls);
    // Both clients loaded [k1, k2]; one adds a photo, another removes k1 and adds two. One upload
    // at a time per user on an instance (issue 40): the two edits race on two instances.
    const sibling = await startSiblingApp(t);
    const [a, b] = await Promise.all([
      editListing(t, created._id, auth, { fotos: [k1, k2, 'nueva:0'], files: [blue] }),
      editListing(sibling, created._id, auth, { fotos: [k2, 'nueva:0', 'nueva:1'], quitadas: [k1], files: [gold, blue] }),
    ]).finally(() => sibling.close());
    expect([a.status, b.status]).toEqual([200, 200]);
    const [row] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, created._id));
    expect(row.imageKeys).toHaveLength(4);
    expect(row.imageKeys).toContain(k2);
    expect(row.imageKeys).not.toContain(k1);
    for (const key of [...keysOf(a.body.image_urls), ...keysOf(b.body.image_urls)].filter((k) => k !== k1)) expect(row.imageKeys).toContain(key);
    await expectNoOrphans();
  });

  test('partner listings follow their feed: no user may edit them', async () => {
    const { auth } = await createUser(t.app);
    const [partner] = await t.app.db
      .insert(anuncios)
      .values({ source: 'hazim', sourceRef: 'e-1', description: 'x', price: 1, moneda: 'RD', priceRd: 1, proposito: 'venta', propiedad: 'Casa' })
      .returning();
    expect((await editListing(t, partner.id, auth, { fotos: [] })).status).toBe(403);
  });
});
