/**
 * Issue 40: blocking that sticks, over real HTTP. A block covers the account's phone numbers
 * (however they are written) and its photos (recognised after the pipeline re-encodes them): any
 * other account publishing or editing with one is held for a moderator, the reason in the queue.
 * Moderators see blocked accounts and unblock them, which restores publishing.
 */
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MOTIVO_RETENCION, MSG, photoKeyOfUrl, type BloqueadosResponse, type ModeracionItem } from 'shared-contracts';
import { moderationEvents, photoHashes, type UserRow } from '../src/db/schema';
import { engines } from './support/engines';
import { setupMailApp } from './support/app';
import { TEST_PASSWORD, createUser } from './support/users';
import { get, post } from './support/http';
import { editListing, pngOf, publishListing } from './support/owner-listings';
import { DAY, moderationHelpers, scenePhoto } from './support/moderation';

const MODERATOR = 'moderadora@example.com';

describe.each(engines())('blocks that stick, on %s', (engine) => {
  const { t } = setupMailApp(engine, { trustProxy: 1, moderatorEmails: [MODERATOR] });
  const h = moderationHelpers(t, '10.42');
  let mod: () => Record<string, string>;
  /** A signed-in account publishing from an address of its own. */
  const seller = async () => {
    const { user } = await createUser(t.app);
    const network = h.address();
    return { user, headers: () => ({ ...h.authOf(user), ...network }) };
  };
  const block = (user: UserRow, motivo = 'Estafa confirmada') => post(t, `/moderacion/usuarios/${user.id}/bloquear`, { motivo }, mod());
  const itemOf = async (id: string) => ((await get(t, '/moderacion/anuncios', mod())).body.items as ModeracionItem[]).find((i) => i.anuncio._id === id);
  const heldFor = async (id: string, motivo: string) => {
    expect((await get(t, `/anuncio/${id}`)).status).toBe(404);
    expect(await itemOf(id)).toMatchObject({ anuncio: { estado: 'en revisión' }, reportes: [], historial: [{ accion: 'en_revision', motivo }] });
  };

  beforeAll(async () => {
    const { user } = await createUser(t.app, { email: MODERATOR });
    mod = () => h.authOf(user);
  });

  test('a blocked phone, written another way, holds a new account\'s listing and an edit that adopts it; an approved one is not held again', async () => {
    const place = 'Telefono Bloqueado';
    const scammer = await seller();
    await publishListing(t, scammer.headers(), { place, movil: '809-555-7101' });
    expect((await block(scammer.user)).status).toBe(200);

    const again = await seller();
    const published = await publishListing(t, again.headers(), { place, movil: '+1 (809) 555 7101' });
    expect(published.estado).toBe('en revisión');
    expect(await h.inSearch(published._id, place)).toBe(false);
    await heldFor(published._id, MOTIVO_RETENCION.telefono('+18095557101', scammer.user.email));
    // another number is fine
    expect((await publishListing(t, again.headers(), { place, movil: '809 555 7102' })).estado).toBe('activo');

    // an honest seller's listing edited to the blocked number
    const other = await seller();
    const listing = await publishListing(t, other.headers(), { place, movil: '8095557103' });
    const edited = await editListing(t, listing._id, other.headers(), { fields: { place, movil: '1 809 555 7101' }, fotos: [] });
    expect(edited).toMatchObject({ status: 200, body: { estado: 'en revisión' } });
    await heldFor(listing._id, MOTIVO_RETENCION.telefono('+18095557101', scammer.user.email));

    // the moderator approves it: an edit keeping the number does not hold it again
    expect((await post(t, `/moderacion/anuncios/${listing._id}`, { accion: 'aprobar', motivo: 'Es la inmobiliaria del bloqueado, verificada' }, mod())).body).toMatchObject({ estado: 'activo' });
    const kept = await editListing(t, listing._id, other.headers(), { fields: { place, movil: '809-555-7101', title: 'Casa corregida' }, fotos: [] });
    expect(kept.body).toMatchObject({ estado: 'activo', title: 'Casa corregida' });
    expect(await h.inSearch(listing._id, place)).toBe(true);
  });

  test('a blocked photo saved from the site and uploaded again (re-encoded by the pipeline) holds the listing; other photos do not', async () => {
    const place = 'Foto Bloqueada';
    const scammer = await seller();
    const original = await publishListing(t, scammer.headers(), { place, movil: '8095557201' }, [await scenePhoto(1), await scenePhoto(2)]);
    // the second photo as if stored before fingerprints existed: it is fingerprinted when its account is blocked
    await t.app.db.delete(photoHashes).where(eq(photoHashes.key, photoKeyOfUrl(original.image_urls[1])));
    expect((await block(scammer.user)).status).toBe(200);

    // what a visitor gets from the site (WebP), saved as JPEG and as a smaller PNG
    const served = async (url: string) => Buffer.from(await (await fetch(`${t.url}/photos/${photoKeyOfUrl(url)}`)).arrayBuffer());
    const asJpeg = await sharp(await served(original.image_urls[0])).jpeg({ quality: 70 }).toBuffer();
    const asPng = await sharp(await served(original.image_urls[1])).resize({ width: 1000 }).png().toBuffer();

    const again = await seller();
    const first = await publishListing(t, again.headers(), { place, movil: '8095557202' }, [await scenePhoto(3), asJpeg]);
    expect(first.estado).toBe('en revisión');
    await heldFor(first._id, MOTIVO_RETENCION.foto(scammer.user.email));
    const second = await publishListing(t, again.headers(), { place, movil: '8095557202' }, [asPng]);
    expect(second.estado).toBe('en revisión');

    // other photos, and plain pictures, do not match
    const honest = await publishListing(t, again.headers(), { place, movil: '8095557202' }, [await scenePhoto(4), await pngOf('#f5f5f5'), await pngOf('#202020')]);
    expect(honest.estado).toBe('activo');
    // an edit adding the blocked photo holds the listing
    const edited = await editListing(t, honest._id, again.headers(), { fields: { place, movil: '8095557202' }, fotos: [...honest.image_urls.map(photoKeyOfUrl), 'nueva:0'], files: [asJpeg] });
    expect(edited).toMatchObject({ status: 200, body: { estado: 'en revisión' } });
    await heldFor(honest._id, MOTIVO_RETENCION.foto(scammer.user.email));
  });

  test('moderators see blocked accounts with what their block covers, and unblocking restores publishing', async () => {
    t.clock.advance(DAY);
    const place = 'Desbloqueo';
    const scammer = await seller();
    const own = await publishListing(t, scammer.headers(), { place, movil: '809.555.7301' }, [await scenePhoto(5)]);
    expect((await block(scammer.user, 'Cobró una reserva')).status).toBe(200);

    const list = (await get(t, '/moderacion/usuarios/bloqueados', mod())).body as BloqueadosResponse;
    expect(list.items.find((u) => u._id === scammer.user.id)).toMatchObject({ email: scammer.user.email, motivo: 'Cobró una reserva', telefonos: ['+18095557301'], fotos: 1 });
    const someone = await seller();
    expect((await publishListing(t, someone.headers(), { place, movil: '8095557301' })).estado).toBe('en revisión');

    // only moderators; a reason is required; an unknown or unblocked account is refused
    expect((await post(t, `/moderacion/usuarios/${scammer.user.id}/desbloquear`, { motivo: 'x' }, someone.headers())).status).toBe(403);
    expect((await get(t, '/moderacion/usuarios/bloqueados', someone.headers())).status).toBe(403);
    expect(await post(t, `/moderacion/usuarios/${scammer.user.id}/desbloquear`, { motivo: ' ' }, mod())).toMatchObject({ status: 400, body: { error: MSG.motivoModeracionRequerido } });
    expect((await post(t, '/moderacion/usuarios/00000000-0000-4000-8000-000000000000/desbloquear', { motivo: 'x' }, mod())).status).toBe(404);

    const unblocked = await post(t, `/moderacion/usuarios/${scammer.user.id}/desbloquear`, { motivo: 'Devolvió la reserva; error de pago' }, mod());
    expect(unblocked).toMatchObject({ status: 200, body: { ok: true, anuncios: 1 } });
    expect(await post(t, `/moderacion/usuarios/${scammer.user.id}/desbloquear`, { motivo: 'otra vez' }, mod())).toMatchObject({ status: 409, body: { error: MSG.usuarioNoBloqueado } });
    expect(((await get(t, '/moderacion/usuarios/bloqueados', mod())).body as BloqueadosResponse).items.some((u) => u._id === scammer.user.id)).toBe(false);

    // the account is back: login, its listing, and its number and photo hold nobody
    expect((await post(t, '/api/user/login', { email: scammer.user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await get(t, `/anuncio/${own._id}`)).status).toBe(200);
    expect(await h.inSearch(own._id, place)).toBe(true);
    const fresh = await publishListing(t, someone.headers(), { place, movil: '8095557301' }, [await sharp(await scenePhoto(5)).jpeg({ quality: 60 }).toBuffer()]);
    expect(fresh.estado).toBe('activo');
    // both recorded, with the moderator and the reason
    const trail = await t.app.db.select().from(moderationEvents).where(eq(moderationEvents.userId, scammer.user.id)).orderBy(desc(moderationEvents.id));
    expect(trail.map((e) => [e.accion, e.moderatorEmail, e.motivo])).toEqual([
      ['desbloquear', MODERATOR, 'Devolvió la reserva; error de pago'],
      ['bloquear', MODERATOR, 'Cobró una reserva'],
    ]);
  });
});
