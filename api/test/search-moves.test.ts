/**
 * Publishing, editing and deleting move the cached counts instead of dropping them (search-cache.ts
 * `moved`): a publish adds one to every count its listing matches, and its card goes first on the
 * cached page 0 of every search it matches (page-patch.ts), so a busy portal's popular searches
 * stay cached under steady writes. What a user depends on: every count and page shown after a
 * write is still exact; what an operator depends on: the rule for who is searchable is the SQL one.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { ESTADOS, PAGE_SIZE, type Filters } from 'shared-contracts';
import { isSearchable } from '../src/search/rows';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { del, post } from './support/http';
import { editListing, publishListing } from './support/owner-listings';
import { whereOnAnuncios } from './support/search-sql';
import { createUser } from './support/users';

describe.each(engines())('counts and pages moved by writes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await bulkInsertListings(t.app.db, { count: 600, seed: 5, batchSize: 300 });
  }, 120_000);
  afterAll(() => t.close());

  const shown = async (filters: Filters) => {
    const res = await post(t, '/allAnuncios', { filters, page: 0 });
    expect(res.status).toBe(200);
    return (res.body as { count: number }).count;
  };
  const exact = async (filters: Filters) => {
    const [{ n }] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(anuncios).where(whereOnAnuncios(filters));
    return n;
  };
  const allExact = async (list: Filters[]) => {
    for (const filters of list) expect({ filters, count: await shown(filters) }).toEqual({ filters, count: await exact(filters) });
  };

  it('keeps every cached count exact through a publish, an edit and a delete', async () => {
    const { auth } = await createUser(t.app);
    // Where the form's address lands (the geocoder's province), for filters the listing is in.
    const probe = await publishListing(t, auth);
    const [{ region }] = await t.app.db.select({ region: anuncios.region }).from(anuncios).where(eq(anuncios.id, probe._id));
    const filters: Filters[] = [
      {},
      { propiedad: 'Casa' },
      { propiedad: 'Apartamento' },
      { region },
      { region, propiedad: 'Casa', precioMax: 6_000_000 },
      { proposito: 'venta', precioMin: 5_500_000 },
      { moneda: 'US' },
    ];
    await allExact(filters);
    // The test's clock stands still: one millisecond puts the counts' reading before the writes,
    // which this instance then moves instead of reading again (another instance's change would
    // need MOVE_SETTLED_BEFORE_MS; search-cache.test.ts).
    t.clock.advance(1);

    const casa = await publishListing(t, auth, { propiedad: 'Casa', price: '5000000' });
    await allExact(filters);
    const edited = await editListing(t, casa._id, auth, { fields: { propiedad: 'Apartamento', price: '6000000' }, fotos: [] });
    expect(edited.status).toBe(200);
    await allExact(filters);
    expect((await del(t, `/${casa._id}`, auth)).status).toBe(200);
    await allExact(filters);

    // Not read again: a listing written without telling the caches (a script) shows only when the
    // count is next read (its TTL), while the publish after it is counted at once.
    const before = await shown({ propiedad: 'Casa' });
    await bulkInsertListings(t.app.db, { count: 1, seed: 99 });
    await t.app.db.update(anuncios).set({ propiedad: 'Casa', status: 'published', estado: 'activo' }).where(sql`${anuncios.seq} = (SELECT max(seq) FROM anuncios)`);
    await publishListing(t, auth, { propiedad: 'Casa' });
    expect(await shown({ propiedad: 'Casa' })).toBe(before + 1);
    expect(await exact({ propiedad: 'Casa' })).toBe(before + 2);
    t.clock.advance(60_000);
    await allExact(filters);
  }, 120_000);

  /** Page `page` as shown: each card's id and title, and the count. */
  const shownPage = async (filters: Filters, page: number) => {
    const res = await post(t, '/allAnuncios', { filters, page });
    expect(res.status).toBe(200);
    const body = res.body as { count: number; anuncios: { _id: string; title: string }[] };
    return { count: body.count, cards: body.anuncios.map((a) => `${a._id} ${a.title}`) };
  };
  const exactPage = async (filters: Filters, page: number) => {
    const rows = await t.app.db
      .select({ id: anuncios.id, title: anuncios.title })
      .from(anuncios)
      .where(whereOnAnuncios(filters))
      .orderBy(desc(anuncios.seq))
      .limit(PAGE_SIZE)
      .offset(page * PAGE_SIZE);
    return { count: await exact(filters), cards: rows.map((r) => `${r.id} ${r.title}`) };
  };
  const allPagesExact = async (list: [Filters, number][]) => {
    for (const [filters, page] of list) expect({ filters, page, ...(await shownPage(filters, page)) }).toEqual({ filters, page, ...(await exactPage(filters, page)) });
  };

  it('keeps every cached page exact through a publish, an edit and a delete, patching instead of reading again', async () => {
    const { auth } = await createUser(t.app);
    const probe = await publishListing(t, auth, { propiedad: 'Casa' });
    const [{ region }] = await t.app.db.select({ region: anuncios.region }).from(anuncios).where(eq(anuncios.id, probe._id));
    const pages: [Filters, number][] = [
      [{}, 0],
      [{}, 1],
      [{}, 2],
      [{ propiedad: 'Casa' }, 0],
      [{ propiedad: 'Casa' }, 1],
      [{ region }, 0],
      [{ region }, 3],
      [{ region, propiedad: 'Casa', precioMax: 6_000_000 }, 0],
      [{ propiedad: 'Apartamento' }, 0],
    ];
    await allPagesExact(pages);
    t.clock.advance(1);

    const casa = await publishListing(t, auth, { propiedad: 'Casa', price: '5000000', title: 'Casa recién publicada' });
    await allPagesExact(pages);
    expect((await shownPage({ propiedad: 'Casa' }, 0)).cards[0]).toBe(`${casa._id} Casa recién publicada`);
    const edited = await editListing(t, casa._id, auth, { fields: { propiedad: 'Casa', price: '5500000', title: 'Casa con título nuevo' }, fotos: [] });
    expect(edited.status).toBe(200);
    await allPagesExact(pages);
    const moved = await editListing(t, casa._id, auth, { fields: { propiedad: 'Apartamento', price: '6000000' }, fotos: [] });
    expect(moved.status).toBe(200);
    await allPagesExact(pages);
    expect((await del(t, `/${casa._id}`, auth)).status).toBe(200);
    await allPagesExact(pages);
    // A listing on page 0 deleted: page 0 takes page 1's first listing (both cached), page 1 shifts.
    expect((await del(t, `/${probe._id}`, auth)).status).toBe(200);
    await allPagesExact(pages);

    // A place no listing had: it is in the option lists of every page at once, also of searches
    // the listing is not in.
    const place = 'Villa Nueva de Prueba';
    const places = async () => ((await post(t, '/allAnuncios', { filters: { propiedad: 'Apartamento' }, page: 0 })).body as { placeOptions: string[] }).placeOptions;
    expect(await places()).not.toContain(place);
    t.clock.advance(1);
    await publishListing(t, auth, { propiedad: 'Casa', place });
    expect(await places()).toContain(place);
    await allPagesExact(pages);

    // Patched, not read again: a listing written without telling the caches (a script) is not on
    // page 0 after the next publish, which is; after the TTL the page is read again and exact.
    await bulkInsertListings(t.app.db, { count: 1, seed: 98 });
    await t.app.db.update(anuncios).set({ propiedad: 'Casa', status: 'published', estado: 'activo' }).where(sql`${anuncios.seq} = (SELECT max(seq) FROM anuncios)`);
    const [{ script }] = await t.app.db.select({ script: anuncios.id }).from(anuncios).orderBy(desc(anuncios.seq)).limit(1);
    t.clock.advance(1);
    const after = await publishListing(t, auth, { propiedad: 'Casa' });
    const first = await shownPage({ propiedad: 'Casa' }, 0);
    expect(first.cards[0]).toMatch(after._id);
    expect(first.cards.some((c) => c.startsWith(script))).toBe(false);
    t.clock.advance(60_000);
    await allPagesExact(pages);
    expect((await shownPage({ propiedad: 'Casa' }, 0)).cards[1]).toMatch(script);
  }, 120_000);

  it('tells searchable listings apart exactly as the SQL rule does', async () => {
    const [{ id }] = await t.app.db.select({ id: anuncios.id }).from(anuncios).limit(1);
    const original = (await t.app.db.select().from(anuncios).where(eq(anuncios.id, id)))[0];
    try {
      for (const status of ['published', 'withdrawn'] as const) {
        for (const estado of ESTADOS) {
          for (const bloqueado of [false, true]) {
            await t.app.db.update(anuncios).set({ status, estado, bloqueado }).where(eq(anuncios.id, id));
            const [row] = await t.app.db.select({ row: anuncios, sql: sql<boolean>`anuncio_searchable(anuncios)` }).from(anuncios).where(eq(anuncios.id, id));
            expect({ status, estado, bloqueado, searchable: isSearchable(row.row) }).toEqual({ status, estado, bloqueado, searchable: row.sql });
          }
        }
      }
    } finally {
      await t.app.db.update(anuncios).set({ status: original.status, estado: original.estado, bloqueado: original.bloqueado }).where(eq(anuncios.id, id));
    }
  });
});
