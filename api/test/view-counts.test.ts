/**
 * Issue 40, over real HTTP with the real rate limiter: seller view counts that mean something. One
 * view per client, listing and day whatever the User-Agent; only listings the public can open; a
 * per-client limit; no global cap one client can fill (each listing has its own daily bound); and
 * the same on two API instances sharing one database.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { buildApp } from '../src/app';
import { anuncioVistas, anuncios } from '../src/db/schema';
import { RATE_LIMITS } from '../src/plugins/rate-limit-policy';
import { engines } from './support/engines';
import { startTestApp, testConfig, type TestApp } from './support/app';
import { createUser } from './support/users';
import { post } from './support/http';
import { publishListing } from './support/owner-listings';

const DAY_MS = 24 * 3600_000;
const browser = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + n}.0.0.0 Safari/537.36`;

describe.each(engines())('view counts on %s', (engine) => {
  const PER_LISTING = 3;
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(engine, { trustProxy: 1 }, { viewLimits: { perListingPerDay: PER_LISTING } } as never);
    ({ auth } = await createUser(t.app, { miPlan: 100 }));
  });
  afterAll(() => t.close());

  const visit = (id: string, ip: string, ua = browser(0)) => post(t, `/anuncio/${id}/vista`, undefined, { 'x-forwarded-for': ip, 'user-agent': ua });
  const counted = async (id: string) => {
    await t.app.viewCounter.flush();
    return (await t.app.db.select().from(anuncioVistas).where(eq(anuncioVistas.anuncioId, id)))[0]?.count ?? 0;
  };

  test('a client rotating its User-Agent is one view per listing and day', async () => {
    const { _id: id } = await publishListing(t, auth);
    for (let i = 0; i < 50; i++) expect((await visit(id, '192.0.2.10', browser(i))).status).toBe(204);
    expect(await counted(id)).toBe(1);
    t.clock.advance(DAY_MS);
    await visit(id, '192.0.2.10', browser(51));
    expect(await counted(id)).toBe(2);
  });

  test('views of an unknown id or of a listing the public cannot open are not counted', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await visit(unknown, '192.0.2.20')).status).toBe(204);
    expect(await counted(unknown)).toBe(0);
    const { _id: held } = await publishListing(t, auth);
    const { _id: paused } = await publishListing(t, auth);
    const { _id: blocked } = await publishListing(t, auth);
    await t.app.db.update(anuncios).set({ estado: 'en revisión', estadoPrevio: 'activo' }).where(eq(anuncios.id, held));
    await t.app.db.update(anuncios).set({ estado: 'pausado' }).where(eq(anuncios.id, paused));
    await t.app.db.update(anuncios).set({ bloqueado: true }).where(eq(anuncios.id, blocked));
    for (const id of [held, paused, blocked]) {
      expect((await visit(id, '192.0.2.21')).status).toBe(204);
      expect(await counted(id)).toBe(0);
    }
    // once a moderator gives it back, the same visitor counts
    await t.app.db.update(anuncios).set({ estado: 'activo', estadoPrevio: null }).where(eq(anuncios.id, held));
    await visit(held, '192.0.2.21');
    expect(await counted(held)).toBe(1);
  });

  test('per client: past the limit 429 with Retry-After and a Spanish message; another client still counts', async () => {
    const { _id: id } = await publishListing(t, auth);
    const max = RATE_LIMITS.view.ip.max;
    for (let i = 0; i < max; i++) expect((await visit(id, '198.51.100.1', browser(i))).status).toBe(204);
    const refused = await visit(id, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MSG.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await visit(id, '198.51.100.2')).status).toBe(204);
    expect(await counted(id)).toBe(2);
  });

  test('no global cap: a listing pushed to its daily bound stops only itself; others keep counting, and it counts again the next day', async () => {
    const { _id: pushed } = await publishListing(t, auth);
    const { _id: other } = await publishListing(t, auth);
    for (let i = 1; i <= PER_LISTING + 4; i++) await visit(pushed, `203.0.113.${i}`);
    expect(await counted(pushed)).toBe(PER_LISTING);
    await visit(other, '203.0.113.100');
    await visit(other, '203.0.113.101');
    expect(await counted(other)).toBe(2);
    t.clock.advance(DAY_MS);
    await visit(pushed, '203.0.113.1');
    expect(await counted(pushed)).toBe(PER_LISTING + 1);
  });
});

describe.each(engines())('views on two API instances sharing one database (%s)', (engine) => {
  test('a client is counted once whichever instance it reaches, and both instances write their counts', async () => {
    const a = await startTestApp(engine, { trustProxy: 1 });
    const b = await buildApp(testConfig({ trustProxy: 1 }), { logger: false, clock: a.clock, database: a.testDb.database });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const bUrl = { url: `http://127.0.0.1:${(b.server.address() as AddressInfo).port}` };
    try {
      const { auth } = await createUser(a.app);
      const { _id: id } = await publishListing(a, auth);
      const view = (target: { url: string }, ip: string) => post(target, `/anuncio/${id}/vista`, undefined, { 'x-forwarded-for': ip, 'user-agent': browser(1) });
      expect((await view(a, '192.0.2.30')).status).toBe(204);
      expect((await view(bUrl, '192.0.2.30')).status).toBe(204);
      expect((await view(bUrl, '192.0.2.31')).status).toBe(204);
      await a.app.viewCounter.flush();
      await b.viewCounter.flush();
      const [row] = await a.app.db.select().from(anuncioVistas).where(eq(anuncioVistas.anuncioId, id));
      expect(row?.count).toBe(2);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
