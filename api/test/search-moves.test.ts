/**
 * Publishing, editing and deleting move the cached counts instead of dropping them (search-cache.ts
 * `moved`): a publish adds one to every count its listing matches, so a busy portal's popular
 * counts stay cached under steady writes. What a user depends on: every count shown after a write
 * is still exact; what an operator depends on: the rule for who is searchable is the SQL one.
 */
import { eq, sql } from 'drizzle-orm';
import { ESTADOS, type Filters } from 'shared-contracts';
import { isSearchable } from '../src/anuncios/search-query';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { del, post } from './support/http';
import { editListing, publishListing } from './support/owner-listings';
import { whereOnAnuncios } from './support/search-sql';
import { createUser } from './support/users';

describe.each(engines())('counts moved by writes on %s', (engine) => {
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
