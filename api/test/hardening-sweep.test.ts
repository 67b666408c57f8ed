/**
 * Issue 19, item 7: the orphan-photo sweep pages through the photo directory and asks the
 * database page by page; with a margin (the periodic sweep) it never removes a photo younger than
 * the margin, which may belong to a publish or an import still in progress.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anuncios } from '../src/db/schema';
import { removeOrphanPhotos } from '../src/photos/sweep-orphans';
import { createDiskStorage } from '../src/photos/storage';
import { engines, openTestDatabase, type TestDatabase } from './support/engines';

const key = (c: string) => `${c.repeat(32)}.webp`;
const card = (k: string) => k.replace('.webp', '-card.webp');

describe.each(engines())('orphan sweep on %s', (engine) => {
  let testDb: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
  });
  afterAll(() => testDb.drop());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('pages through keys; referenced photos stay; with a margin, young orphans stay', async () => {
    const now = Date.now();
    const hour = 60 * 60_000;
    const referenced = [key('a'), key('b'), key('c')];
    await testDb.database.db.insert(anuncios).values({
      title: 't', description: 'd', price: 1, priceRd: 1, moneda: 'RD', proposito: 'venta', propiedad: 'Casa', name: 'n', apellido: 'a', movil: '1', email: 'a@b.do', address: 'x',
      imageKeys: referenced,
    });
    const oldOrphans = [key('d'), key('e')];
    const young = key('f');
    for (const k of [...referenced, ...oldOrphans, young]) {
      for (const name of [k, card(k)]) {
        const file = path.join(dir, name);
        fs.writeFileSync(file, 'x');
        const at = (k === young ? now - 5 * 60_000 : now - 3 * hour) / 1000;
        fs.utimesSync(file, at, at);
      }
    }
    fs.writeFileSync(path.join(dir, 'not-a-photo.txt'), 'x');

    const removed = await removeOrphanPhotos(testDb.database.db, createDiskStorage(dir), hour, now, 2);
    expect(removed.sort()).toEqual(oldOrphans.flatMap((k) => [card(k), k]).sort());
    expect(fs.readdirSync(dir).sort()).toEqual([...referenced.flatMap((k) => [k, card(k)]), young, card(young), 'not-a-photo.txt'].sort());

    // Without a margin (start-up on the embedded database, which the process owns alone) the young orphan goes too.
    expect((await removeOrphanPhotos(testDb.database.db, createDiskStorage(dir), 0, now, 2)).sort()).toEqual([card(young), young].sort());
  });
});
