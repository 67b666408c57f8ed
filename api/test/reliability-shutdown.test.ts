/**
 * Issue 19, item 8: what made a SIGTERM during a publish end in exit 1 now and then. `app.close()`
 * waited for a connection the client had opened but not used yet (browsers preconnect, undici keeps
 * spare sockets): Node's `server.close()` leaves those open, so the close ran into the API's 15 s
 * budget. Here the real app on a real port, with such a connection, an idle keep-alive one and a
 * slow request in flight, must close soon after the slow answer, which still arrives whole.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { engines, openTestDatabase } from './support/engines';
import { testConfig } from './support/app';

function rawConnection(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

const closed = (socket: net.Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe.each(engines())('closing the app on %s', (engine) => {
  test('unused and idle connections do not hold the close open; an in-flight answer still arrives', async () => {
    const testDb = await openTestDatabase(engine);
    const app = await buildApp(testConfig(), { logger: false, database: testDb.database });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Stands in for a publish still processing its photos when the close begins.
    app.get('/test/slow', async () => {
      await gate;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    try {
      const unused = await rawConnection(port);
      const idle = await rawConnection(port);
      idle.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise<void>((resolve) => idle.once('data', () => resolve()));
      const slow = fetch(`http://127.0.0.1:${port}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json(), connection: r.headers.get('connection') }));
      await new Promise((r) => setTimeout(r, 100));

      const closing = app.close();
      // The unused and idle connections go at once, while the slow request is still running.
      await Promise.all([closed(unused), closed(idle)]);
      setTimeout(release, 200);
      const started = Date.now();
      await closing;
      expect(await slow).toEqual({ status: 200, body: { ok: true }, connection: 'close' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      release();
      await app.close();
      await testDb.drop();
    }
  });
});
