/**
 * Issue 40 over real HTTP: a favourite of a listing that moderation hid (held, withdrawn) or whose
 * owner was blocked stays on the list as unavailable, without its card (no title, description,
 * photos or contact channels); the owner's own choices (sold, paused) keep their card as before.
 */
import { eq } from 'drizzle-orm';
import { anuncios, users } from '../src/db/schema';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { createUser } from './support/users';
import { get, request } from './support/http';
import { pngOf, publishListing } from './support/owner-listings';
import { NO_LIMITS } from './support/limits';

describe.each(engines())('favourites of hidden listings on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { rateLimits: NO_LIMITS });
  });
  afterAll(() => t.close());

  test('held, withdrawn and blocked-owner listings stay as "no disponible" with nothing of their card; sold and active keep it', async () => {
    const owner = await createUser(t.app, { miPlan: 20 });
    const blockedOwner = await createUser(t.app);
    const { auth } = await createUser(t.app);
    const photo = [await pngOf('#2a9d8f')];
    const listing = (title: string, who = owner.auth) => publishListing(t, who, { title, description: `Descripción secreta de ${title}` }, photo);
    const held = await listing('Casa retenida');
    const withdrawn = await listing('Casa retirada');
    const blocked = await listing('Casa del bloqueado', blockedOwner.auth);
    const sold = await listing('Casa vendida');
    const active = await listing('Casa activa');
    for (const { _id } of [held, withdrawn, blocked, sold, active]) expect((await request(t, 'PUT', `/favoritos/${_id}`, { headers: auth })).status).toBe(200);

    await t.app.db.update(anuncios).set({ estado: 'en revisión', estadoPrevio: 'activo' }).where(eq(anuncios.id, held._id));
    await t.app.db.update(anuncios).set({ estado: 'retirado', estadoPrevio: 'activo' }).where(eq(anuncios.id, withdrawn._id));
    // what blocking an account does to its listings (moderation, issue 23)
    await t.app.db.update(users).set({ blockedAt: new Date(t.clock.now()) }).where(eq(users.id, blockedOwner.user.id));
    await t.app.db.update(anuncios).set({ bloqueado: true }).where(eq(anuncios.id, blocked._id));
    await t.app.db.update(anuncios).set({ estado: 'vendido' }).where(eq(anuncios.id, sold._id));

    const res = await get(t, '/favoritos', auth);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.favoritos.map((f: { anuncioId: string }) => [f.anuncioId, f]));
    expect(byId.size).toBe(5);
    for (const hidden of [held, withdrawn, blocked]) {
      const favorito = byId.get(hidden._id);
      expect(favorito).toEqual({ anuncioId: hidden._id, createdAt: expect.any(String), anuncio: null, disponible: false });
    }
    const text = JSON.stringify(res.body);
    for (const hidden of [held, withdrawn, blocked]) {
      expect(text).not.toContain(hidden.image_urls[0]);
    }
    for (const title of ['Casa retenida', 'Casa retirada', 'Casa del bloqueado']) {
      expect(text).not.toContain(title);
      expect(text).not.toContain(`Descripción secreta de ${title}`);
    }
    expect(byId.get(sold._id)).toMatchObject({ anuncio: { title: 'Casa vendida', estado: 'vendido' } });
    expect(byId.get(active._id)).toMatchObject({ anuncio: { title: 'Casa activa', estado: 'activo' } });

    // a moderator gives the held one back: its card returns
    await t.app.db.update(anuncios).set({ estado: 'activo', estadoPrevio: null }).where(eq(anuncios.id, held._id));
    const again = (await get(t, '/favoritos', auth)).body.favoritos.find((f: { anuncioId: string }) => f.anuncioId === held._id);
    expect(again).toMatchObject({ anuncio: { title: 'Casa retenida' } });
    expect(again.disponible).toBeUndefined();
  });
});
