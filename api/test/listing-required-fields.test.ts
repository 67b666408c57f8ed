/**
 * Issue 39: a listing needs a title and a price above 0 on publish and on edit, and negative
 * numbers are refused with their message instead of being turned into 0. Listings stored before
 * these rules (inserted here directly, as old data is) are flagged to their owners in
 * `POST /misAnuncios` and never changed. A refused photo of an edit is named by its place in the
 * listing and its file name.
 */
import { eq } from 'drizzle-orm';
import { MSG, photoRefusal } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { PHOTO_MAX_BYTES } from '../src/photos';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { NO_LIMITS } from './support/limits';
import { LISTING_FIELDS } from './support/listing-fields';
import { createUser } from './support/users';
import { get, post, request } from './support/http';
import { editListing, keysOf, listingForm, photosDirOf, pngOf, publishListing, storedFiles } from './support/owner-listings';

const REFUSED: [Record<string, string>, string][] = [
  [{ price: '0' }, MSG.precioMayorQueCero],
  [{ price: '-5' }, MSG.noNegativos],
  [{ price: '' }, MSG.precioRequerido],
  [{ title: '' }, MSG.tituloRequerido],
  [{ title: '   ' }, MSG.tituloRequerido],
  [{ metros: '-120' }, MSG.noNegativos],
  [{ habitaciones: '-2' }, MSG.noNegativos],
  [{ banos: '-1' }, MSG.noNegativos],
  [{ nivel: '-3' }, MSG.noNegativos],
];

describe.each(engines())('required title and price, no negatives, on %s', (engine) => {
  let t: TestApp;
  let red: Buffer;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { rateLimits: NO_LIMITS });
    red = await pngOf('#c2410c');
  });
  afterAll(() => t.close());

  test('publish: each refused with its message; nothing stored', async () => {
    const { user, auth } = await createUser(t.app, { miPlan: 50 });
    const files = storedFiles(photosDirOf(t.config.dataDir));
    for (const [override, error] of REFUSED) {
      const res = await request(t, 'POST', '/anuncio', { raw: listingForm({ ...LISTING_FIELDS, ...override }, [red]), headers: auth });
      expect({ override, status: res.status, body: res.body }).toEqual({ override, status: 400, body: { error } });
    }
    // A missing title (a client that does not send the field) is refused too.
    const { title: _title, ...untitled } = LISTING_FIELDS;
    expect(await request(t, 'POST', '/anuncio', { raw: listingForm(untitled), headers: auth })).toMatchObject({ status: 400, body: { error: MSG.tituloRequerido } });
    expect(await t.app.db.select().from(anuncios).where(eq(anuncios.ownerId, user.id))).toEqual([]);
    expect(storedFiles(photosDirOf(t.config.dataDir))).toEqual(files);
  });

  test('edit: each refused with its message; the listing as it was', async () => {
    const { auth } = await createUser(t.app);
    const created = await publishListing(t, auth, { metros: '120', habitaciones: '3' }, [red]);
    const [before] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, created._id));
    for (const [override, error] of REFUSED) {
      const res = await editListing(t, created._id, auth, { fields: override, fotos: keysOf(created.image_urls) });
      expect({ override, status: res.status, body: res.body }).toEqual({ override, status: 400, body: { error } });
    }
    const [after] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, created._id));
    expect(after).toEqual(before);
  });

  test('a listing stored with price 0 and no title is flagged to its owner, unchanged, until the owner fixes it', async () => {
    const { user, auth } = await createUser(t.app);
    const valid = await publishListing(t, auth);
    const [old] = await t.app.db
      .insert(anuncios)
      .values({
        ownerId: user.id, title: '', price: 0, priceRd: 0, moneda: 'RD', proposito: 'venta', propiedad: 'Casa', description: 'Casa vieja',
        name: 'Rosa', apellido: 'Mejía', movil: '+18095550000', email: 'rosa@example.com', address: 'Calle 1, Gazcue', latitude: 18.4655, longitude: -69.9004,
      })
      .returning();

    const listed = (await post(t, '/misAnuncios', {}, auth)).body.listaDeTodos as { _id: string; porCorregir: string[] }[];
    expect(listed.find((a) => a._id === old.id)?.porCorregir).toEqual([MSG.tituloRequerido, MSG.precioMayorQueCero]);
    expect(listed.find((a) => a._id === valid._id)?.porCorregir).toEqual([]);
    // Listing it changed nothing; the public still sees it as it is.
    const [row] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, old.id));
    expect(row).toEqual(old);
    expect((await get(t, `/anuncio/${old.id}`)).body).toMatchObject({ title: '', price: 0 });

    // Saving it again needs what is missing; once given, nothing is left to fix.
    expect(await editListing(t, old.id, auth, { fields: { title: '', price: '0' }, fotos: [] })).toMatchObject({ status: 400, body: { error: MSG.tituloRequerido } });
    expect((await editListing(t, old.id, auth, { fields: { title: 'Casa en Gazcue', price: '3500000' }, fotos: [] })).status).toBe(200);
    const again = (await post(t, '/misAnuncios', {}, auth)).body.listaDeTodos as { _id: string; porCorregir: string[] }[];
    expect(again.find((a) => a._id === old.id)?.porCorregir).toEqual([]);
  });

  test('a refused photo of an edit is named: its place in the listing and its file name', async () => {
    const { auth } = await createUser(t.app);
    const created = await publishListing(t, auth, {}, [red]);
    const [k1] = keysOf(created.image_urls);
    const fd = listingForm({ ...LISTING_FIELDS, fotos: JSON.stringify(['nueva:0', k1, 'nueva:1']), quitadas: '[]' });
    fd.append('images', new Blob([new Uint8Array(red)], { type: 'image/png' }), 'sala.png');
    fd.append('images', new Blob(['Esto no es una foto'], { type: 'image/jpeg' }), 'notas.jpg');
    const files = storedFiles(photosDirOf(t.config.dataDir));
    const res = await request(t, 'PUT', `/anuncio/${created._id}`, { raw: fd, headers: auth });
    expect(res).toEqual(expect.objectContaining({ status: 400, body: { error: photoRefusal({ name: 'notas.jpg', position: 3 }, MSG.invalidImage), foto: 'notas.jpg' } }));
    expect(res.body.error).toBe('No se aceptó la foto 3 «notas.jpg»: solo se aceptan imágenes PNG o JPEG');
    // Too large: refused while it is read, named the same way (its place, not its upload order).
    const big = listingForm({ ...LISTING_FIELDS, fotos: JSON.stringify([k1, 'nueva:0']), quitadas: '[]' });
    big.append('images', new Blob([new Uint8Array(Buffer.concat([red, Buffer.alloc(PHOTO_MAX_BYTES)]))], { type: 'image/png' }), 'grande.png');
    const tooBig = await request(t, 'PUT', `/anuncio/${created._id}`, { raw: big, headers: auth });
    expect(tooBig).toEqual(expect.objectContaining({ status: 413, body: { error: photoRefusal({ name: 'grande.png', position: 2 }, MSG.imageTooLarge), foto: 'grande.png' } }));
    expect(storedFiles(photosDirOf(t.config.dataDir))).toEqual(files);
  });
});
