/**
 * Issue 40, over real HTTP with the real rate limiter: an edit (`PUT /anuncio/{id}`) costs what a
 * publish costs. One budget per user and per client for both calls (429 with Retry-After), one
 * upload at a time per user, the photo count checked before any photo is decoded (or, when the
 * fields come first as the site sends them, before the photos are read), and photos streamed to
 * temporary files that are gone after a success, a refusal and an aborted upload.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MSG } from 'shared-contracts';
import { anuncios } from '../src/db/schema';
import { photoDecodeSlots } from '../src/photos';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { NO_LIMITS } from './support/limits';
import { LISTING_FIELDS } from './support/listing-fields';
import { createUser } from './support/users';
import { get, request } from './support/http';
import { editListing, keysOf, listingForm, photosDirOf, pngOf, publishListing, storedFiles } from './support/owner-listings';
import { answerWithin, rawUpload, until } from './support/raw-upload';

const HOUR = 60 * 60_000;
const notAnImage = Buffer.from('Lista de la compra: arroz, habichuelas, plátanos.\n');

let red: Buffer, green: Buffer;
beforeAll(async () => {
  [red, green] = await Promise.all(['#c2410c', '#15803d'].map(pngOf));
});

const uploadsDir = (t: TestApp) => path.join(t.config.dataDir, 'uploads');
/** Every file under DATA_DIR/uploads (the requests' temporary directories and their photos). */
function uploadFiles(t: TestApp): { name: string; size: number }[] {
  const root = uploadsDir(t);
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).flatMap((e) => {
    const full = path.join(e.parentPath, e.name);
    return [{ name: path.relative(root, full), size: e.isFile() ? fs.statSync(full).size : 0 }];
  });
}
const allFields = (extra: Record<string, string> = {}) => Object.entries({ ...LISTING_FIELDS, ...extra });

describe.each(engines())('upload budgets on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { trustProxy: 1 }, { rateLimits: { publish: { user: { max: 4, windowMs: HOUR }, ip: { max: 3, windowMs: HOUR } } } });
  });
  afterAll(() => t.close());

  const from = (auth: Record<string, string>, ip: string) => ({ ...auth, 'x-forwarded-for': ip });
  const titleOf = async (id: string) => (await get(t, `/anuncio/${id}`)).body.title;

  test('PUT shares the publish budget per user, then per client: 429 with Retry-After, the listing untouched', async () => {
    const a = await createUser(t.app);
    const created = await publishListing(t, from(a.auth, '10.40.0.1'));
    for (const [i, ip] of ['10.40.0.2', '10.40.0.3', '10.40.0.4'].entries()) {
      expect((await editListing(t, created._id, from(a.auth, ip), { fields: { title: `Edición ${i}` }, fotos: [] })).status).toBe(200);
    }
    // The fifth upload of the user in the hour (one publish, three edits before it), from a fresh address.
    const overUser = await editListing(t, created._id, from(a.auth, '10.40.0.5'), { fields: { title: 'Edición de más' }, fotos: [] });
    expect(overUser).toMatchObject({ status: 429, body: { error: MSG.tooManyRequests } });
    expect(Number(overUser.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await titleOf(created._id)).toBe('Edición 2');

    // Per client: a second user, well within their own budget, from one address.
    const b = await createUser(t.app);
    const other = await publishListing(t, from(b.auth, '10.40.1.1'));
    for (let i = 0; i < 2; i++) expect((await editListing(t, other._id, from(b.auth, '10.40.1.1'), { fotos: [] })).status).toBe(200);
    const overClient = await editListing(t, other._id, from(b.auth, '10.40.1.1'), { fields: { title: 'Desde la misma dirección' }, fotos: [] });
    expect(overClient).toMatchObject({ status: 429, body: { error: MSG.tooManyRequests } });
    expect(Number(overClient.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await titleOf(other._id)).toBe(LISTING_FIELDS.title);
    // A third user is refused from that address too, and served from another.
    const c = await createUser(t.app);
    const third = await publishListing(t, from(c.auth, '10.40.1.9'));
    expect((await editListing(t, third._id, from(c.auth, '10.40.1.1'), { fotos: [] })).status).toBe(429);
    expect((await editListing(t, third._id, from(c.auth, '10.40.1.2'), { fields: { title: 'Desde otra dirección' }, fotos: [] })).status).toBe(200);

    t.clock.advance(HOUR);
    expect((await editListing(t, created._id, from(a.auth, '10.40.0.5'), { fields: { title: 'Una hora después' }, fotos: [] })).status).toBe(200);
  });
});

describe.each(engines())('uploads on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { rateLimits: NO_LIMITS });
  });
  afterAll(() => t.close());

  const photosDir = () => photosDirOf(t.config.dataDir);

  test('one upload at a time per user: a second publish or edit while one is being read gets 429, others are served', async () => {
    const { auth } = await createUser(t.app);
    const created = await publishListing(t, auth, {}, [red]);
    const [k1] = keysOf(created.image_urls);
    const first = rawUpload(t.url, 'PUT', `/anuncio/${created._id}`, auth);
    for (const [k, v] of allFields({ title: 'Primera edición', fotos: JSON.stringify([k1, 'nueva:0']), quitadas: '[]' })) first.field(k, v);
    first.fileStart('nueva.png', green.subarray(0, 20));
    // The first upload holds its turn: its photo is being written to a temporary file.
    await until('the first upload is being read', () => uploadFiles(t).some((f) => f.size > 0));

    const second = await editListing(t, created._id, auth, { fields: { title: 'Segunda edición' }, fotos: [k1] });
    expect(second).toMatchObject({ status: 429, body: { error: MSG.subidaEnCurso } });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await request(t, 'POST', '/anuncio', { raw: listingForm(LISTING_FIELDS), headers: auth })).toMatchObject({ status: 429, body: { error: MSG.subidaEnCurso } });
    const other = await createUser(t.app);
    expect((await request(t, 'POST', '/anuncio', { raw: listingForm(LISTING_FIELDS), headers: other.auth })).status).toBe(201);

    first.bytes(green.subarray(20));
    first.fileEnd();
    first.finish();
    const answer = await first.answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ title: 'Primera edición' });
    // The turn is free again.
    expect((await editListing(t, created._id, auth, { fields: { title: 'Tercera edición' }, fotos: keysOf(JSON.parse(answer.body).image_urls) })).status).toBe(200);
  });

  test('a 31-photo edit sent the site\'s way (fields first) is refused before its photos are read or decoded', async () => {
    const { auth } = await createUser(t.app);
    const created = await publishListing(t, auth, {}, [red]);
    const [k1] = keysOf(created.image_urls);
    const files = storedFiles(photosDir());
    const decodes = photoDecodeSlots.started;
    const upload = rawUpload(t.url, 'PUT', `/anuncio/${created._id}`, auth);
    const order = [k1, ...Array.from({ length: 30 }, (_, i) => `nueva:${i}`)];
    for (const [k, v] of allFields({ title: 'Treinta y una fotos', fotos: JSON.stringify(order), quitadas: '[]' })) upload.field(k, v);
    // The first photo starts and the body never goes on: only an answer given before reading the photos can arrive.
    upload.fileStart('0.png', green.subarray(0, 10));
    const answer = await answerWithin(upload.answered);
    upload.abort();
    expect(answer).not.toBe('sin respuesta');
    expect(answer).toMatchObject({ status: 400 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({ error: MSG.tooManyImages });
    expect(photoDecodeSlots.started).toBe(decodes);
    expect(storedFiles(photosDir())).toEqual(files);
    expect((await get(t, `/anuncio/${created._id}`)).body).toMatchObject({ title: LISTING_FIELDS.title, image_urls: created.image_urls });
  });

  test('the count includes the photos the listing keeps, and fields sent after the photos: no photo decoded', async () => {
    const { auth } = await createUser(t.app);
    const full = await publishListing(t, auth, {}, Array.from({ length: 25 }, (_, i) => (i % 2 ? red : green)));
    const files = storedFiles(photosDir());
    const decodes = photoDecodeSlots.started;
    // Six new photos beside the 25 kept (not named, not removed: they stay at the end) make 31.
    // The first is not an image: answered "too many", the count was checked before any photo.
    const six = [notAnImage, red, green, red, green, red];
    const refused = await editListing(t, full._id, auth, { fotos: six.map((_, i) => `nueva:${i}`), files: six });
    expect(refused).toMatchObject({ status: 400, body: { error: MSG.tooManyImages } });

    expect(photoDecodeSlots.started).toBe(decodes);

    // A hand-made body with the photo list after the photos: checked once read, still before decoding.
    const one = await publishListing(t, auth, {}, [red]);
    const [k1] = keysOf(one.image_urls);
    // the one photo of that publish (decoded, and fingerprinted for blocks, issue 40)
    const afterPublish = photoDecodeSlots.started;
    const fd = new FormData();
    for (const [k, v] of allFields()) fd.append(k, v);
    for (let i = 0; i < 30; i++) fd.append('images', new Blob([new Uint8Array(i === 0 ? notAnImage : green)], { type: 'image/png' }), `${i}.png`);
    fd.append('fotos', JSON.stringify([k1, ...Array.from({ length: 30 }, (_, i) => `nueva:${i}`)]));
    const late = await request(t, 'PUT', `/anuncio/${one._id}`, { raw: fd, headers: auth });
    expect(late).toMatchObject({ status: 400, body: { error: MSG.tooManyImages } });

    expect(photoDecodeSlots.started).toBe(afterPublish);
    expect(storedFiles(photosDir()).length).toBe(files.length + 2);
    expect((await get(t, `/anuncio/${full._id}`)).body.image_urls).toEqual(full.image_urls);
  });

  test('photos are streamed to temporary files, gone after a success, a refusal and an aborted upload', async () => {
    const { user, auth } = await createUser(t.app);
    expect((await request(t, 'POST', '/anuncio', { raw: listingForm(LISTING_FIELDS, [red, green]), headers: auth })).status).toBe(201);
    expect(uploadFiles(t)).toEqual([]);
    const created = await publishListing(t, auth, {}, [red]);
    expect((await editListing(t, created._id, auth, { fotos: [...keysOf(created.image_urls), 'nueva:0'], files: [green] })).status).toBe(200);
    expect(uploadFiles(t)).toEqual([]);
    const refused = await editListing(t, created._id, auth, { fotos: ['nueva:0', 'nueva:1'], files: [green, notAnImage] });
    expect(refused).toMatchObject({ status: 400 });
    expect(uploadFiles(t)).toEqual([]);

    // A client that goes away half-way through a photo: what it had sent was on disk, not in
    // memory, and goes with it; nothing is stored.
    const photos = storedFiles(photosDirOf(t.config.dataDir));
    const upload = rawUpload(t.url, 'POST', '/anuncio', auth);
    for (const [k, v] of allFields({ title: 'Subida interrumpida' })) upload.field(k, v);
    const big = Buffer.concat([green, Buffer.alloc(256 * 1024, 7)]);
    upload.fileStart('grande.png', big.subarray(0, 128 * 1024));
    await until('the photo is being written to a temporary file', () => uploadFiles(t).some((f) => f.size >= 64 * 1024));
    upload.abort();
    await until('the temporary files are removed', () => uploadFiles(t).length === 0);
    const mine = await t.app.db.select().from(anuncios).where(eq(anuncios.ownerId, user.id));
    expect(mine.map((a) => a.title).sort()).toEqual([LISTING_FIELDS.title, LISTING_FIELDS.title]);
    expect(storedFiles(photosDirOf(t.config.dataDir))).toEqual(photos);
  });
});
