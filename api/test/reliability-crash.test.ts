/**
 * Crashes (issue 12, item 14), on the real server process (`node --import tsx api/src/server.ts`,
 * persisted PGlite in a temporary DATA_DIR): SIGKILL in the middle of concurrent publishes with
 * photos, then a restart on the same directory, leaves no listing without its photos and no photo
 * file that no listing references; a SIGTERM lets an in-flight publish finish before the exit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isValidPhotoKey } from '../src/photos';
import { cardKeyOf } from '../src/photos/store-photos';
import { noisyPhotos, publish, seedPublisher, sigtermDuringPublish, startServer, type ServerProcess } from './support/server-process';

/** Every listing of the user with its photos on disk (both renditions), and no unreferenced photo. */
async function checkConsistency(url: string, token: string, photosDir: string) {
  const res = await fetch(`${url}/misAnuncios`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  const { listaDeTodos } = (await res.json()) as { listaDeTodos: { image_urls: string[] }[] };
  const onDisk = new Set(fs.existsSync(photosDir) ? fs.readdirSync(photosDir).filter(isValidPhotoKey) : []);
  const referenced = new Set<string>();
  for (const listing of listaDeTodos) {
    expect(listing.image_urls.length).toBe(3);
    for (const u of listing.image_urls) {
      const key = decodeURIComponent(u.slice(u.lastIndexOf('/') + 1));
      referenced.add(key).add(cardKeyOf(key));
      expect((await fetch(`${url}/photos/${key}`)).status).toBe(200);
    }
  }
  expect([...onDisk].filter((k) => !referenced.has(k))).toEqual([]);
  expect([...referenced].filter((k) => !onDisk.has(k))).toEqual([]);
  return listaDeTodos.length;
}

describe('crash and graceful stop of the server process', () => {
  let dataDir: string;
  let token: string;
  let photos: Buffer[];
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-crash-'));
    token = await seedPublisher(dataDir);
    photos = await noisyPhotos();
  });
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('SIGKILL mid-publish, restart: no half listing, no orphan photo', async () => {
    server = await startServer(dataDir);
    const statuses: Promise<number>[] = [];
    // Staggered publishes, so at the kill some are uploading, some processing, some committing.
    for (let i = 0; i < 10; i++) {
      statuses.push(publish(server.url, token, photos));
      await new Promise((r) => setTimeout(r, 120));
    }
    // The kill as the first answer arrives: the later publishes (started up to a second after it)
    // are still uploading or processing, however fast or loaded the machine is (a fixed wait let
    // every answer arrive first on a quiet moment of CI).
    await statuses[0];
    server.child.kill('SIGKILL');
    await server.exited;
    const results = await Promise.all(statuses);
    // The kill really landed mid-way: some answers never came.
    expect(results.filter((s) => s === 0).length).toBeGreaterThan(0);

    server = await startServer(dataDir);
    const count = await checkConsistency(server.url, token, path.join(dataDir, 'photos'));
    // Every publish answered 201 before the kill is still there.
    expect(count).toBeGreaterThanOrEqual(results.filter((s) => s === 201).length);
  });

  // Issue 19, item 8: this used to end in exit 1 now and then (the close waited for a connection
  // the client had opened but not used, past the 15 s budget); the loop of this scenario is
  // `npm run test:shutdown-loop`.
  test('SIGTERM during a publish: the answer arrives, then the process exits 0 promptly', async () => {
    // (a process killed by a signal has signalCode set and exitCode null)
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) server = await startServer(dataDir);
    const before = await checkConsistency(server.url, token, path.join(dataDir, 'photos'));
    const { status, code, exitMs, output } = await sigtermDuringPublish(server, token, photos);
    expect(status).toBe(201);
    expect({ code, log: code === 0 ? '' : output.slice(-3000) }).toEqual({ code: 0, log: '' });
    expect(exitMs).toBeLessThan(10_000);

    server = await startServer(dataDir);
    expect(await checkConsistency(server.url, token, path.join(dataDir, 'photos'))).toBe(before + 1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
