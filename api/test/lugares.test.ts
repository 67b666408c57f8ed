/**
 * GET /lugares/{slug} (issue 39): the place a landing page's slug names — a gazetteer place, with
 * or without listings, or a place only listings know — and 404 for anything else, so
 * /venta/casa/foo is a 404 page, never the whole catalogue.
 */
import { LANDING_MSG } from 'shared-contracts';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { insertCatalogue } from './support/listings';
import { get } from './support/http';

describe.each(engines())('GET /lugares/:slug on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await insertCatalogue(t.app);
  });
  afterAll(() => t.close());

  test('a gazetteer sector, with listings or without: the field it filters and its name', async () => {
    expect((await get(t, '/lugares/piantini')).body).toEqual({ slug: 'piantini', nombre: 'Piantini', filtros: { locality: 'Piantini' } });
    // no listing there: still a place (the page says "no hay anuncios")
    const capCana = await get(t, '/lugares/cap-cana');
    expect(capCana.status).toBe(200);
    expect(capCana.body).toEqual({ slug: 'cap-cana', nombre: 'Cap Cana', filtros: { locality: 'Cap Cana' } });
    expect((await get(t, '/lugares/distrito-nacional')).body).toEqual({ slug: 'distrito-nacional', nombre: 'Distrito Nacional', filtros: { region: 'Distrito Nacional' } });
    expect((await get(t, '/lugares/santo-domingo-este')).body).toEqual({ slug: 'santo-domingo-este', nombre: 'Santo Domingo Este', filtros: { place: 'Santo Domingo Este' } });
  });

  test('a sector whose name another sector has also filters its municipality: one page never mixes two cities', async () => {
    expect((await get(t, '/lugares/bella-vista')).body).toEqual({ slug: 'bella-vista', nombre: 'Bella Vista', filtros: { locality: 'Bella Vista', place: 'Santo Domingo de Guzmán' } });
    expect((await get(t, '/lugares/bella-vista-santiago')).body).toEqual({ slug: 'bella-vista-santiago', nombre: 'Bella Vista', filtros: { locality: 'Bella Vista', place: 'Santiago' } });
  });

  test('another name answers the place with its own slug (the canonical address)', async () => {
    expect((await get(t, '/lugares/ensanche-naco')).body).toEqual({ slug: 'naco', nombre: 'Naco', filtros: { locality: 'Naco' } });
    expect((await get(t, '/lugares/zona-colonial')).body).toEqual({ slug: 'ciudad-colonial', nombre: 'Ciudad Colonial', filtros: { locality: 'Ciudad Colonial' } });
  });

  test('a place only listings know (a partner\'s own name) is found by its slug', async () => {
    expect((await get(t, '/lugares/centro')).body).toEqual({ slug: 'centro', nombre: 'Centro', filtros: { locality: 'Centro' } });
  });

  test('an unknown, withdrawn-only or hostile slug answers 404 with a Spanish message', async () => {
    for (const slug of ['foo', 'oculta', 'zona-oculta', '%3Cscript%3E', 'Piantini', 'pian--tini', '-piantini', 'a'.repeat(99), '..%2F..%2Fetc']) {
      const res = await get(t, `/lugares/${slug}`);
      expect([slug, res.status, res.body.error]).toEqual([slug, 404, LANDING_MSG.lugarDesconocido]);
    }
  });
});
