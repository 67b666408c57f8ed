/**
 * Issue 42's listing attributes (docs/decisions/0028-listing-attributes.md), what users and
 * operators depend on: a portal upgraded to migration 0020 keeps every listing as it was, with
 * the new values unknown (nothing invented) and its bathrooms, pool and parking filterable at
 * once; a seller publishes and edits them, bad values answered with a Spanish message; an edit
 * from a client that does not send them keeps them; the new filters find the listing, and a
 * saved search with them is alerted of it.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { ATTR_MSG, PAGE_SIZE, anoConstruccionMax, type Filters } from 'shared-contracts';
import { runAlertJob } from '../src/busquedas/alert-job';
import { anuncios } from '../src/db/schema';
import { bulkInsertListings } from '../src/seed/bulk-insert';
import { setupMailApp } from './support/app';
import { engines, openTestDatabase } from './support/engines';
import { get, post } from './support/http';
import { NO_LIMITS } from './support/limits';
import { migrateWith, migrationsBefore } from './support/migrations';
import { editListing, listingForm, publishListing } from './support/owner-listings';
import { request } from './support/http';
import { LISTING_FIELDS } from './support/listing-fields';
import { whereOnAnuncios } from './support/search-sql';
import { createUser } from './support/users';

const ATTRIBUTES = {
  propiedad: 'Apartamento', proposito: 'alquiler', moneda: 'RD', price: '65000', metros: '120', banos: '2', mediosBanos: '1', nivel: '12',
  parqueos: '2', amueblado: 'si', respaldo: 'planta', cisterna: 'si', gasComun: 'no', ascensor: 'true', seguridad24h: '1', areaSocial: '',
  mantenimiento: '9500', anoConstruccion: '2019', construccion: 'listo', calle: 'Calle Gustavo Mejía Ricart\r\n, Torre Aurora \u202e',
};
const STORED = {
  banos: 2, mediosBanos: 1, nivel: 12, parqueos: 2, parqueo: true, amueblado: 'si', respaldo: 'planta', cisterna: true, gasComun: false,
  ascensor: true, seguridad24h: true, areaSocial: null, mantenimiento: 9500, mantenimientoMoneda: 'RD', anoConstruccion: 2019,
  construccion: 'listo', entrega: null, calle: 'Calle Gustavo Mejía Ricart , Torre Aurora',
};
const NEW_COLUMNS = [
  'medios_banos', 'parqueos', 'amueblado', 'respaldo', 'cisterna', 'gas_comun', 'ascensor', 'seguridad_24h', 'area_social', 'mantenimiento',
  'mantenimiento_moneda', 'mantenimiento_rd', 'mantenimiento_us', 'ano_construccion', 'construccion', 'entrega',
];

describe.each(engines())('listing attributes on %s', (engine) => {
  test('an upgraded portal: every new value unknown, nothing invented; bathrooms, pool and parking filterable at once', async () => {
    const { database, drop } = await openTestDatabase(engine, { migrate: false });
    const folder = migrationsBefore('0020_listing_attributes');
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
    try {
      await migrateWith(database, folder);
      await bulkInsertListings(database.db, { count: 600, seed: 7, batchSize: 200, attributes: false });
      const before = await rows<Record<string, unknown>>(sql`SELECT * FROM anuncios ORDER BY seq`);
      await database.migrate();
      const after = await rows<Record<string, unknown>>(sql`SELECT * FROM anuncios ORDER BY seq`);
      // Every old column as it was; every new one NULL, calle ''.
      expect(after.map((r) => Object.fromEntries(Object.keys(before[0]!).map((k) => [k, r[k]])))).toEqual(before);
      for (const r of after) {
        expect({ seq: r.seq, values: NEW_COLUMNS.map((c) => r[c]), calle: r.calle }).toEqual({ seq: r.seq, values: NEW_COLUMNS.map(() => null), calle: '' });
      }
      // The search table: bathrooms and pool as stored, parking "yes" as at least one space, the rest unknown.
      const [diff] = await rows<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM anuncio_search s JOIN anuncios a ON a.seq = s.seq
        WHERE s.banos IS DISTINCT FROM a.banos OR s.piscina IS DISTINCT FROM NULLIF(a.piscina, false)
           OR s.parqueos IS DISTINCT FROM (CASE WHEN a.parqueo THEN 1 END)
           OR num_nonnulls(s.amueblado, s.respaldo, s.ascensor, s.seguridad_24h, s.construccion, s.entrega, s.mantenimiento_rd, s.mantenimiento_us) > 0`);
      expect(diff!.n).toBe(0);
      const [withParking] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM anuncios WHERE parqueo AND anuncio_searchable(anuncios)`);
      expect(withParking!.n).toBeGreaterThan(100);
    } finally {
      await drop();
      (await import('node:fs')).rmSync(folder, { recursive: true, force: true });
    }
  }, 300_000);

  describe('publish, edit, search and alerts', () => {
    const { t, smtp } = setupMailApp(engine, {}, { rateLimits: NO_LIMITS });
    const publishRaw = (auth: Record<string, string>, fields: Record<string, string>) =>
      request(t, 'POST', '/anuncio', { raw: listingForm({ ...LISTING_FIELDS, ...fields }), headers: auth });
    const rowOf = async (id: string) => (await t.app.db.select().from(anuncios).where(eq(anuncios.id, id)))[0]!;
    const search = async (filters: Filters) => {
      const res = await post(t, '/allAnuncios', { filters, page: 0 });
      expect(res.status).toBe(200);
      return res.body as { anuncios: { _id: string }[]; count: number };
    };

    test('a seller publishes them; the detail and the cards carry them; bad values are refused in Spanish', async () => {
      const { auth } = await createUser(t.app, { miPlan: 50 });
      const created = await publishListing(t, auth, ATTRIBUTES);
      expect(created).toMatchObject(STORED);
      expect(await rowOf(created._id)).toMatchObject({ ...STORED, mantenimientoRd: 9500, mantenimientoUs: 9500 / 60 });
      expect((await get(t, `/anuncio/${created._id}`)).body).toMatchObject(STORED);

      const refused: [Record<string, string>, string][] = [
        [{ parqueos: '-2' }, 'No se permiten números negativos'],
        [{ parqueos: 'dos' }, ATTR_MSG.numeroEntero('Parqueos')],
        [{ mediosBanos: '1.5' }, ATTR_MSG.numeroEntero('Medios baños')],
        [{ amueblado: 'bastante' }, ATTR_MSG.valorNoValido('Amueblado')],
        [{ respaldo: 'solar' }, ATTR_MSG.valorNoValido('Respaldo eléctrico')],
        [{ ascensor: 'quizás' }, ATTR_MSG.valorNoValido('Ascensor')],
        [{ mantenimiento: '1e10' }, ATTR_MSG.maximo('Mantenimiento mensual', 1e9)],
        [{ mantenimientoMoneda: 'EUR', mantenimiento: '10' }, ATTR_MSG.valorNoValido('Moneda del mantenimiento')],
        [{ anoConstruccion: '1492' }, ATTR_MSG.anoConstruccion(anoConstruccionMax())],
        [{ construccion: 'demolido' }, ATTR_MSG.valorNoValido('Estado de la obra')],
        [{ construccion: 'planos', entrega: 'pronto' }, ATTR_MSG.entregaFormato],
        [{ construccion: 'listo', entrega: '2027-06' }, ATTR_MSG.entregaSinProyecto],
        [{ calle: 'x'.repeat(121) }, 'Máximo 120 caracteres'],
      ];
      for (const [fields, message] of refused) {
        const res = await publishRaw(auth, fields);
        expect({ fields, status: res.status, error: res.body.error }).toEqual({ fields, status: 400, error: message });
      }
    });

    test("an edit that does not send them keeps them; '' clears one; a project carries its delivery", async () => {
      const { auth } = await createUser(t.app, { miPlan: 50 });
      const created = await publishListing(t, auth, ATTRIBUTES);
      // An older form: none of the new fields, parking ticked.
      const old = await editListing(t, created._id, auth, { fields: { title: 'Editado', parqueo: 'true' }, fotos: [] });
      expect(old.status).toBe(200);
      // The fields of before issue 42 follow the form as they always did (banos, nivel not sent: none).
      expect(await rowOf(created._id)).toMatchObject({ ...STORED, banos: null, nivel: null, title: 'Editado' });
      const cleared = await editListing(t, created._id, auth, { fields: { ...ATTRIBUTES, amueblado: '', parqueos: '0', construccion: 'planos', entrega: '2028-03', mantenimiento: '150', mantenimientoMoneda: 'US' }, fotos: [] });
      expect(cleared.status).toBe(200);
      expect(await rowOf(created._id)).toMatchObject({ amueblado: null, parqueos: 0, parqueo: false, construccion: 'planos', entrega: '2028-03', mantenimiento: 150, mantenimientoMoneda: 'US', mantenimientoRd: 9000, mantenimientoUs: 150 });
      // Built: the delivery no longer applies and is dropped with the state that had it.
      const built = await editListing(t, created._id, auth, { fields: { construccion: 'listo' }, fotos: [] });
      expect(built.status).toBe(200);
      expect(await rowOf(created._id)).toMatchObject({ construccion: 'listo', entrega: null });
    });

    test("issue 47: a video and a tour from the allowed providers, stored canonical; others refused; '' removes, absent keeps", async () => {
      const { auth } = await createUser(t.app, { miPlan: 50 });
      const created = await publishListing(t, auth, { ...ATTRIBUTES, video: 'https://youtu.be/dQw4w9WgXcQ?si=xyz', tour: 'my.matterport.com/show/?m=SxQL3iGyoDo&play=1' });
      const canonical = { video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', tour: 'https://my.matterport.com/show/?m=SxQL3iGyoDo' };
      expect(created).toMatchObject(canonical);
      expect((await get(t, `/anuncio/${created._id}`)).body).toMatchObject(canonical);
      for (const [fields, message] of [
        [{ video: 'https://vimeo.com/76979871' }, ATTR_MSG.videoNoValido],
        [{ video: 'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ' }, ATTR_MSG.videoNoValido],
        [{ video: 'javascript:alert(1)' }, ATTR_MSG.videoNoValido],
        [{ tour: 'https://evil.example/show/?m=SxQL3iGyoDo' }, ATTR_MSG.tourNoValido],
        [{ tour: `https://kuula.co/share/7lVHZ?${'x'.repeat(400)}` }, ATTR_MSG.tourNoValido],
      ] as const) {
        const res = await publishRaw(auth, fields);
        expect({ fields, status: res.status, error: res.body.error }).toEqual({ fields, status: 400, error: message });
      }
      // An edit without them keeps them; '' removes one.
      expect((await editListing(t, created._id, auth, { fields: { title: 'Editado' }, fotos: [] })).status).toBe(200);
      expect(await rowOf(created._id)).toMatchObject(canonical);
      expect((await editListing(t, created._id, auth, { fields: { video: '', tour: 'https://kuula.co/share/7lVHZ' }, fotos: [] })).status).toBe(200);
      expect(await rowOf(created._id)).toMatchObject({ video: null, tour: 'https://kuula.co/share/7lVHZ' });
    });

    test('the new filters find the listing as SQL on the listings does, and a saved search with them is alerted of it', async () => {
      const owner = (await createUser(t.app, { miPlan: 50 })).auth;
      const { user, auth } = await createUser(t.app);
      const filters: Filters = { proposito: 'alquiler', propiedad: 'Apartamento', amueblado: 'si', parqueosMin: 2, respaldo: 'inversor', ascensor: true, banosMin: 2, mantenimientoMax: 10_000, seguridad24h: true };
      const saved = await post(t, '/busquedas', { filters, frecuencia: 'instantaneo' }, auth);
      expect(saved.status).toBe(201);
      // A different saved search: same filters but unfurnished (not a repeat of the first).
      expect((await post(t, '/busquedas', { filters: { ...filters, amueblado: 'no' }, frecuencia: 'instantaneo' }, auth)).status).toBe(201);
      t.clock.advance(60_000);
      const match = await publishListing(t, owner, { ...ATTRIBUTES, title: 'Apartamento amueblado con planta' });
      await publishListing(t, owner, { ...ATTRIBUTES, title: 'Sin planta', respaldo: 'ninguno' });
      await publishListing(t, owner, { ...ATTRIBUTES, title: 'Un parqueo', parqueos: '1' });
      await publishListing(t, owner, { ...ATTRIBUTES, title: 'Mantenimiento alto', mantenimiento: '12000' });
      for (const f of [filters, { ...filters, respaldo: 'planta' as const }, { ...filters, mantenimientoMax: 9_000 }, { parqueosMin: 3 }, { construccion: 'listo' as const }]) {
        const expected = await t.app.db.select({ id: anuncios.id }).from(anuncios).where(whereOnAnuncios(f)).orderBy(desc(anuncios.seq)).limit(PAGE_SIZE);
        const res = await search(f);
        expect({ f, ids: res.anuncios.map((a) => a._id) }).toEqual({ f, ids: expected.map((r) => r.id) });
      }
      expect((await search(filters)).anuncios.map((a) => a._id)).toContain(match._id);
      expect(await runAlertJob(t.app)).toMatchObject({ composed: 1 });
      await t.app.mailer.flush();
      const mail = await smtp.waitFor(user.email, 0);
      expect(mail.decoded).toContain('Apartamento amueblado con planta');
      expect(mail.decoded).not.toContain('Sin planta');
      expect(mail.decoded).not.toContain('Un parqueo');
    });
  });
});
