/**
 * The search table holds codes instead of the text of a listing's place, region, locality,
 * purpose, type and currency (migration 0014, search-codes.ts). What users and operators depend
 * on: a portal upgraded from before the codes finds every listing by the same filters; a value
 * published for the first time is found at once, and one no listing has finds nothing; two
 * listings bringing the same new value at once share one code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PAGE_SIZE, type Filters } from 'shared-contracts';
import { searchCount } from '../src/search/count';
import { NEWEST } from '../src/search/orders';
import { searchPage } from '../src/search/page';
import { MIGRATIONS_FOLDER, type Database } from '../src/db/client';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { startTestApp, type TestApp } from './support/app';
import { engines, openTestDatabase } from './support/engines';
import { post } from './support/http';
import { editListing, publishListing } from './support/owner-listings';
import { whereOnAnuncios } from './support/search-sql';
import { createUser } from './support/users';

/** The migrations folder as it was before `tag`: the journal cut there. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function migrateWith(database: Database, folder: string) {
  if (database.engine === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The same search written on `anuncios`: its count and the ids of page 0, newest first. */
async function expected(database: Database, filters: Filters) {
  const where = whereOnAnuncios(filters);
  const rows = await database.db.select({ seq: anuncios.seq }).from(anuncios).where(where).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE);
  const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(anuncios).where(where);
  return { count: n, seqs: rows.map((r) => r.seq) };
}

describe.each(engines())('search codes on %s', (engine) => {
  test('a portal upgraded from before the codes finds every listing by the same filters', async () => {
    const { database, drop } = await openTestDatabase(engine, { migrate: false });
    const folder = migrationsBefore('0014_search_codes');
    try {
      await migrateWith(database, folder);
      await bulkInsertListings(database.db, { count: 1_500, seed: 11, batchSize: 250, attributes: false });
      await database.migrate();
      // The rewritten table is vacuumed by the upgrade: its searches stay index-only scans.
      const [map] = await rowsOf<{ pages: number; visible: number }>(
        database,
        sql`SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'anuncio_search'`,
      );
      expect(map!.pages).toBeGreaterThan(0);
      expect(map!.visible).toBe(map!.pages);

      // Every searchable listing's row, its codes read back as text, is the listing's own values.
      const differences = await rowsOf<{ n: number }>(database, sql`
        WITH decoded AS (
          SELECT s.seq, pl.value AS place, rg.value AS region, lc.value AS locality, pp.value AS proposito, pd.value AS propiedad,
                 s.habitaciones, s.metros, mn.value AS moneda, s.price, s.price_rd
          FROM anuncio_search s
          JOIN search_codes pl ON pl.kind = 'place' AND pl.code = s.place
          JOIN search_codes rg ON rg.kind = 'region' AND rg.code = s.region
          JOIN search_codes lc ON lc.kind = 'locality' AND lc.code = s.locality
          JOIN search_codes pp ON pp.kind = 'proposito' AND pp.code = s.proposito
          JOIN search_codes pd ON pd.kind = 'propiedad' AND pd.code = s.propiedad
          JOIN search_codes mn ON mn.kind = 'moneda' AND mn.code = s.moneda),
        source AS (
          SELECT seq, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd
          FROM anuncios a WHERE anuncio_searchable(a))
        SELECT ((SELECT count(*) FROM (SELECT * FROM decoded EXCEPT SELECT * FROM source) x)
              + (SELECT count(*) FROM (SELECT * FROM source EXCEPT SELECT * FROM decoded) y))::int AS n`);
      expect(differences[0]?.n).toBe(0);
      const [{ searchable }] = await rowsOf<{ searchable: number }>(database, sql`SELECT count(*)::int AS searchable FROM anuncio_search`);
      expect(searchable).toBeGreaterThan(1_000);

      const [{ region, place, locality }] = await database.db
        .select({ region: anuncios.region, place: anuncios.place, locality: anuncios.locality })
        .from(anuncios)
        .where(sql`anuncio_searchable(anuncios) AND locality <> ''`)
        .orderBy(anuncios.seq)
        .limit(1);
      const searches: Filters[] = [
        { proposito: 'venta' },
        { region, propiedad: 'Apartamento' },
        { place, proposito: 'alquiler', moneda: 'US' },
        { locality, habitaciones: 1 },
        { proposito: 'venta', moneda: 'RD', precioMin: 2_000_000, precioMax: 9_000_000 },
      ];
      for (const filters of searches) {
        const want = await expected(database, filters);
        const counted = await searchCount(database.db, filters);
        expect({ filters, count: counted.count, estimated: counted.estimated }).toEqual({ filters, count: want.count, estimated: false });
        const page = await searchPage(database.db, filters, NEWEST, 0, counted);
        expect(page.map((r) => r.seq)).toEqual(want.seqs);
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await drop();
    }
  }, 180_000);

  describe('values seen for the first time', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(engine);
    });
    afterAll(() => t.close());

    const search = async (filters: Filters) => {
      const res = await post(t, '/allAnuncios', { filters, page: 0 });
      expect(res.status).toBe(200);
      return { count: res.body.count as number, ids: (res.body.anuncios as { _id: string }[]).map((a) => a._id) };
    };

    test('a place no listing has finds nothing; once published it is found at once, and an edit moves it', async () => {
      const where = { place: 'Villa Nueva del Sur', region: 'Provincia Nueva', locality: 'Ensanche Estreno' };
      // Each with another filter: a lone place is counted from the facet table, not the search table.
      expect(await search({ place: where.place, proposito: 'venta' })).toEqual({ count: 0, ids: [] });
      expect(await search({ locality: where.locality, propiedad: 'Casa', precioMax: 9_000_000 })).toEqual({ count: 0, ids: [] });

      const { auth } = await createUser(t.app);
      const created = await publishListing(t, auth, where);
      expect(created.estado).toBe('activo');
      expect(await search({ place: where.place, proposito: 'venta' })).toEqual({ count: 1, ids: [created._id] });
      expect(await search({ region: where.region, propiedad: 'Casa', moneda: 'RD' })).toEqual({ count: 1, ids: [created._id] });
      expect(await search({ locality: where.locality, propiedad: 'Casa', precioMax: 9_000_000 })).toEqual({ count: 1, ids: [created._id] });
      expect(await search({ place: where.place, proposito: 'alquiler' })).toEqual({ count: 0, ids: [] });

      const moved = await editListing(t, created._id, auth, { fields: { ...where, locality: 'Barrio Recién Llegado' }, fotos: [] });
      expect(moved.status).toBe(200);
      expect(await search({ locality: 'Barrio Recién Llegado', proposito: 'venta' })).toEqual({ count: 1, ids: [created._id] });
      expect(await search({ locality: where.locality, propiedad: 'Casa', precioMax: 9_000_000 })).toEqual({ count: 0, ids: [] });
    });
  });

  if (engine === 'postgres') {
    test('two listings bringing the same new place at once share one code, and both are found', async () => {
      const { database, drop } = await openTestDatabase(engine);
      try {
        await bulkInsertListings(database.db, { count: 2, seed: 5 });
        const [template] = await database.db.select().from(anuncios).limit(1);
        const { id: _id, seq: _seq, ...fields } = template;
        let firstInserted!: () => void;
        const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
        const rowOf = (n: number) => ({ ...fields, source: null, sourceRef: null, status: 'published' as const, estado: 'activo' as const, place: 'Lugar Simultáneo', title: `Simultáneo ${n}` });
        // The first writer holds its new code uncommitted while the second writes the same value:
        // the second waits for the first to commit, then takes its code.
        const first = database.db.transaction(async (tx) => {
          await tx.insert(anuncios).values(rowOf(1));
          firstInserted();
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        await inserted;
        const second = database.db.transaction(async (tx) => {
          await tx.insert(anuncios).values(rowOf(2));
        });
        await Promise.all([first, second]);
        const codes = await rowsOf<{ code: number }>(database, sql`SELECT code FROM search_codes WHERE kind = 'place' AND value = 'Lugar Simultáneo'`);
        expect(codes).toHaveLength(1);
        const found = await rowsOf<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM anuncio_search WHERE place = ${codes[0]!.code}`);
        expect(found[0]?.n).toBe(2);
        const filters = { place: 'Lugar Simultáneo', propiedad: template.propiedad } as Filters;
        expect((await searchCount(database.db, filters)).count).toBe(2);
      } finally {
        await drop();
      }
    });
  }
});
