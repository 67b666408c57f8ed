/**
 * Issue 46, partners by configuration (docs/decisions/0040-agencies.md): what operators depend
 * on. A portal upgraded to migration 0024 keeps every listing, each linked to its partner, now an
 * agency of the database; the operator's command (`npm run agencies`, a real process) adds a
 * partner with its feed, and `feeds:import --all` imports it under that agency while the API runs,
 * which names it at once in `GET /agencias` and shows its listings: no release, no restart. A
 * paused agency's feed is not imported (its listings stay); bad input is refused in Spanish.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc, eq, sql } from 'drizzle-orm';
import { AGENCIA_MSG, PAGE_SIZE, type Filters } from 'shared-contracts';
import { agenciaPerfilResponseSchema, agenciasResponseSchema } from 'shared-contracts/responses';
import { addAgency, setFeed, setStatus } from '../src/agencies/repository';
import { anuncios } from '../src/db/schema';
import { runAlertJob } from '../src/busquedas/alert-job';
import { importAll } from '../src/feeds/import-all';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { DEMO_PARTNERS } from '../src/seed/generate-listings';
import { setupMailApp, startTestApp, type TestApp } from './support/app';
import { engines, openTestDatabase } from './support/engines';
import { get, post } from './support/http';
import { NO_LIMITS } from './support/limits';
import { migrateWith, migrationsBefore } from './support/migrations';
import { publishListing } from './support/owner-listings';
import { whereOnAnuncios } from './support/search-sql';
import { createUser } from './support/users';
import { materializeFixtures, startFeedServer, type FeedServer } from './fixtures/feeds/support';

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

let server: FeedServer;
let fx: ReturnType<typeof materializeFixtures>;
beforeAll(async () => {
  server = await startFeedServer({ slowMs: 3000 });
  fx = materializeFixtures(server.host);
});
afterAll(async () => {
  await server.close();
  fx.remove();
});

/** A command of the root package.json, as the operator runs it (`npm run agencies -- …` runs exactly this). */
async function command(script: 'agencies' | 'feeds', args: string[], env: Record<string, string>) {
  const file = script === 'agencies' ? 'api/src/agencies/cli.ts' : 'api/src/feeds/cli.ts';
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, FEEDS_ALLOW_HOSTS: server.host, ...env },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test('the root package.json runs the command as `npm run agencies`', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.agencies).toBe('node --import tsx api/src/agencies/cli.ts');
});

describe.each(engines())('agencies on %s', (engine) => {
  test('an upgraded portal: every listing kept, each linked to its partner, now an agency; an unknown source kept, paused', async () => {
    const { database, drop } = await openTestDatabase(engine, { migrate: false });
    const folder = migrationsBefore('0024_agencies');
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
    try {
      await migrateWith(database, folder);
      await bulkInsertListings(database.db, { count: 300, seed: 11, batchSize: 100, attributes: false });
      // a listing of a partner key no compiled list knows any more
      await database.db.execute(sql`UPDATE anuncios SET source = 'antigua' WHERE seq = (SELECT min(seq) FROM anuncios WHERE source IS NOT NULL)`);
      const before = await rows<Record<string, unknown>>(sql`SELECT * FROM anuncios ORDER BY seq`);
      await database.migrate();
      const after = await rows<Record<string, unknown>>(sql`SELECT * FROM anuncios ORDER BY seq`);
      // Every column there was before, as it was (later migrations add columns of their own).
      expect(after.map((r) => Object.fromEntries(Object.keys(before[0]!).map((k) => [k, r[k]])))).toEqual(before);
      const agencies = await rows<{ slug: string; name: string; status: string }>(sql`SELECT slug, name, status FROM agencias ORDER BY slug`);
      expect(agencies).toEqual(
        [...Object.entries(DEMO_PARTNERS).map(([slug, name]) => ({ slug, name, status: 'active' })), { slug: 'antigua', name: 'antigua', status: 'paused' }]
          .sort((a, b) => a.slug.localeCompare(b.slug)),
      );
      const [orphans] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM anuncios a LEFT JOIN agencias g ON g.slug = a.source WHERE a.source IS NOT NULL AND g.id IS NULL`);
      expect(orphans!.n).toBe(0);
      const [partnerRows] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM anuncios WHERE source IS NOT NULL`);
      expect(partnerRows!.n).toBeGreaterThan(50);
      // the advertiser filter's column of the search table, filled for every searchable listing
      const [wrong] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM anuncio_search s JOIN anuncios a ON a.seq = s.seq WHERE s.agencia IS DISTINCT FROM (a.source IS NOT NULL)`);
      expect(wrong!.n).toBe(0);
      // the link holds: a listing cannot name an agency that does not exist
      await expect(database.db.execute(sql`UPDATE anuncios SET source = 'nadie' WHERE seq = (SELECT min(seq) FROM anuncios)`)).rejects.toThrow();
    } finally {
      await drop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 300_000);

  describe('the import reads its partners from the database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(engine);
    });
    afterAll(() => t.close());
    const common = () => ({ db: t.app.db, storage: t.app.photoStorage, usdDopRate: 60, limits: { allowHosts: [server.host] }, photos: { allowHosts: [server.host] } });

    test('an added agency is imported under its slug and named by GET /agencias; paused, its feed is not imported and nothing is withdrawn', async () => {
      expect(await importAll(common())).toEqual([]); // the six partners have no feed yet
      await addAgency(t.app.db, { slug: 'caribe-propiedades', name: '  Caribe <Propiedades>\u202e ', feedUrl: fx.file('hazim-valid.xml') });
      const [first] = await importAll(common());
      expect(first).toMatchObject({ partner: 'caribe-propiedades', ok: true, created: 4 });
      const imported = await t.app.db.select().from(anuncios).where(eq(anuncios.source, 'caribe-propiedades'));
      expect(imported).toHaveLength(4);

      const res = await get(t, '/agencias');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=30');
      const body = agenciasResponseSchema.parse(res.body);
      expect(body.agencias).toContainEqual({ slug: 'caribe-propiedades', nombre: 'Caribe <Propiedades>' });
      expect(body.agencias).toContainEqual({ slug: 'hazim', nombre: 'Hazim' });
      t.app.searchCache.invalidate();
      const search = await post(t, '/allAnuncios', { filters: {}, page: 0 });
      expect(search.body.anuncios.filter((a: { source: string | null }) => a.source === 'caribe-propiedades')).toHaveLength(4);

      await setStatus(t.app.db, 'caribe-propiedades', 'paused');
      await setFeed(t.app.db, 'caribe-propiedades', fx.file('hazim-shrunk.xml'));
      expect(await importAll(common())).toEqual([]);
      const stillThere = await t.app.db.select().from(anuncios).where(eq(anuncios.source, 'caribe-propiedades'));
      expect(stillThere.filter((r) => r.status === 'published')).toHaveLength(4);

      await setStatus(t.app.db, 'caribe-propiedades', 'active');
      const [resumed] = await importAll(common());
      expect(resumed).toMatchObject({ partner: 'caribe-propiedades', ok: true, withdrawn: 2 });
    }, 120_000);

    test("GET /agencias/{slug} answers an agency's public profile, a paused one too; an unknown or malformed slug is a Spanish 404", async () => {
      await addAgency(t.app.db, {
        slug: 'perfil-caribe',
        name: 'Perfil <Caribe>',
        logo: 'https://example.com/logo.png',
        phone: '809-555-0101',
        whatsapp: '8295550102',
        email: 'ventas@caribe.do',
        address: 'Av. Winston Churchill 25, Santo Domingo',
        latitude: 18.47,
        longitude: -69.94,
        description: 'Casas y apartamentos </script><script>alert(1)</script>',
        rnc: '1-01-12345-6',
      });
      await setStatus(t.app.db, 'perfil-caribe', 'paused'); // paused, its page stays (its listings stay published)
      const res = await get(t, '/agencias/perfil-caribe');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=30');
      expect(agenciaPerfilResponseSchema.parse(res.body)).toEqual({
        slug: 'perfil-caribe',
        nombre: 'Perfil <Caribe>',
        logo: 'https://example.com/logo.png',
        telefono: '809-555-0101',
        whatsapp: '8295550102',
        email: 'ventas@caribe.do',
        direccion: 'Av. Winston Churchill 25, Santo Domingo',
        latitude: 18.47,
        longitude: -69.94,
        descripcion: 'Casas y apartamentos </script><script>alert(1)</script>',
        rnc: '1-01-12345-6',
      });
      // a demo partner without contact details: empty fields, no coordinates
      expect(agenciaPerfilResponseSchema.parse((await get(t, '/agencias/hazim')).body)).toMatchObject({ slug: 'hazim', nombre: 'Hazim', rnc: '', latitude: null });

      for (const slug of ['nadie', 'Con%20Espacios', 'x'.repeat(61), '..%2F..%2Fetc']) {
        const missing = await get(t, `/agencias/${slug}`);
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual({ error: AGENCIA_MSG.noEncontrada });
      }
    });

    test('bad input is refused in Spanish and changes nothing', async () => {
      await expect(addAgency(t.app.db, { slug: 'Con Espacios', name: 'X' })).rejects.toThrow(AGENCIA_MSG.slugNoValido);
      await expect(addAgency(t.app.db, { slug: 'sin-nombre', name: ' \u200b ' })).rejects.toThrow(AGENCIA_MSG.nombreRequerido);
      await expect(addAgency(t.app.db, { slug: 'larga', name: 'x'.repeat(121) })).rejects.toThrow(AGENCIA_MSG.nombreLargo);
      await expect(addAgency(t.app.db, { slug: 'ftp', name: 'X', feedUrl: 'ftp://x/feed.xml' })).rejects.toThrow(AGENCIA_MSG.feedNoValido);
      await expect(addAgency(t.app.db, { slug: 'hazim', name: 'Otra' })).rejects.toThrow(AGENCIA_MSG.yaExiste('hazim'));
      await expect(setStatus(t.app.db, 'nadie', 'paused')).rejects.toThrow(AGENCIA_MSG.desconocida('nadie'));
      const body = agenciasResponseSchema.parse((await get(t, '/agencias')).body);
      for (const refused of ['sin-nombre', 'larga', 'ftp']) expect(body.agencias.map((a) => a.slug)).not.toContain(refused);
      expect(body.agencias.find((a) => a.slug === 'hazim')?.nombre).toBe('Hazim');
    });
  });
});

describe.each(engines())('the advertiser filter on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, {}, { rateLimits: NO_LIMITS });
  const search = async (filters: Filters, page = 0) => {
    const res = await post(t, '/allAnuncios', { filters, page });
    expect(res.status).toBe(200);
    return res.body as { anuncios: { _id: string; source: string | null }[]; count: number };
  };

  test('"Solo dueño directo" and "Solo inmobiliarias" answer what SQL on the listings answers; a saved search with it is alerted of owners only', async () => {
    await bulkInsertListings(t.app.db, { count: 240, seed: 5, batchSize: 120 });
    t.app.searchCache.invalidate();
    const { user, auth } = await createUser(t.app, { miPlan: 50 });
    expect((await post(t, '/busquedas', { filters: { anunciante: 'dueno', proposito: 'venta' }, frecuencia: 'instantaneo' }, auth)).status).toBe(201);
    t.clock.advance(60_000);
    const own = await publishListing(t, auth, { title: 'Casa del dueño en Gazcue', proposito: 'venta' });
    await setFeed(t.app.db, 'hazim', fx.file('hazim-valid.xml'));
    const [report] = await importAll({ db: t.app.db, storage: t.app.photoStorage, usdDopRate: 60, limits: { allowHosts: [server.host] }, photos: { allowHosts: [server.host] } });
    expect(report).toMatchObject({ ok: true, created: 4 });
    await t.app.searchChanges.announce('all');

    const cases: Filters[] = [{ anunciante: 'dueno' }, { anunciante: 'inmobiliaria' }, { anunciante: 'dueno', proposito: 'venta' }, { anunciante: 'inmobiliaria', propiedad: 'Apartamento' }];
    for (const f of cases) {
      const [{ n }] = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(anuncios).where(whereOnAnuncios(f))) as [{ n: number }];
      const expected = await t.app.db.select({ id: anuncios.id }).from(anuncios).where(whereOnAnuncios(f)).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE);
      const res = await search(f);
      expect({ f, count: res.count, ids: res.anuncios.map((a) => a._id) }).toEqual({ f, count: n, ids: expected.map((r) => r.id) });
      expect(n).toBeGreaterThan(0);
      for (const a of res.anuncios) expect({ f, source: a.source === null }).toEqual({ f, source: f.anunciante === 'dueno' });
    }
    const all = (await search({})).count;
    expect((await search({ anunciante: 'dueno' })).count + (await search({ anunciante: 'inmobiliaria' })).count).toBe(all);
    expect((await search({ anunciante: 'dueno' })).anuncios.map((a) => a._id)).toContain(own._id);

    const bad = await post(t, '/allAnuncios', { filters: { anunciante: 'agente' }, page: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(AGENCIA_MSG.anuncianteNoValido);

    expect(await runAlertJob(t.app)).toMatchObject({ composed: 1 });
    await t.app.mailer.flush();
    const mail = await smtp.waitFor(user.email, 0);
    expect(mail.decoded).toContain('Casa del dueño en Gazcue');
    for (const partner of await t.app.db.select({ title: anuncios.title }).from(anuncios).where(eq(anuncios.source, 'hazim'))) {
      if (partner.title) expect(mail.decoded).not.toContain(partner.title);
    }
  }, 180_000);
});

describe('npm run agencies, a real process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencies-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = () => ({ DATA_DIR: dataDir });

  test('adds a partner with its feed; feeds:import --all imports it under it; pause stops the import; list says so', async () => {
    const added = await command('agencies', ['add', 'caribe', '--name', 'Inmobiliaria Caribe', '--feed', fx.file('hazim-valid.xml'), '--phone', '809-555-0101'], env());
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toContain('✓ caribe (Inmobiliaria Caribe) añadida, feed ');
    const imported = await command('feeds', ['--all'], env());
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('caribe (');
    expect(imported.stdout).toContain('creados: 4');
    let list = await command('agencies', ['list'], env());
    expect(list.stdout).toMatch(/^caribe\tInmobiliaria Caribe\tactiva\t4 anuncios\t/m);
    expect(list.stdout).toMatch(/^hazim\tHazim\tactiva\t0 anuncios\tsin feed$/m);

    expect((await command('agencies', ['pause', 'caribe'], env())).stdout).toContain('✓ caribe pausada');
    expect((await command('agencies', ['feed', 'caribe', fx.file('hazim-shrunk.xml')], env())).code).toBe(0);
    const skipped = await command('feeds', ['--all'], env());
    expect(skipped.stdout).not.toContain('caribe');
    const single = await command('feeds', ['--partner', 'caribe', '--file', fx.file('hazim-shrunk.xml')], env());
    expect(single.code).toBe(1);
    expect(single.stdout).toContain('caribe está pausada');
    list = await command('agencies', ['list'], env());
    expect(list.stdout).toMatch(/^caribe\tInmobiliaria Caribe\tpausada\t4 anuncios\t/m);
    const removal = await command('agencies', ['remove', 'caribe'], env());
    expect(removal).toMatchObject({ code: 1 });
    expect(removal.stderr).toContain(AGENCIA_MSG.conAnuncios('caribe', 4));
  }, 300_000);

  test.each([
    [['add', 'Mal Slug', '--name', 'X'], 1, AGENCIA_MSG.slugNoValido],
    [['pause', 'nadie'], 1, AGENCIA_MSG.desconocida('nadie')],
    [['borrar', 'hazim'], 2, 'Uso:'],
  ])('%j exits %i with its reason', async (args, code, message) => {
    const res = await command('agencies', args as string[], env());
    expect(res.code).toBe(code);
    expect(res.stderr).toContain(message);
  }, 60_000);
});
