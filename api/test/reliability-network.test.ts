/**
 * Slow clients (issue 12, item 16): the server's deadlines: headers within 10 s, a whole request
 * within 2 min, a minute of silence closes the connection; a client trickling its headers is cut
 * off; an oversized body is refused with 413 from its Content-Length, before it is sent.
 * The lost database (item 15) is `reliability-postgres.pg.test.ts` (PostgreSQL only).
 */
import net from 'node:net';
import { MSG } from 'shared-contracts';
import { SERVER_TIMEOUTS } from '../src/app';
import { startTestApp, type TestApp } from './support/app';
import { createUser } from './support/users';

/** Sends `head` then waits for the server's first bytes or the socket's end. */
function rawExchange(port: number, head: string, opts: { trickle?: boolean; timeoutMs: number }) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after ${opts.timeoutMs} ms; got ${JSON.stringify(answer.slice(0, 200))}`));
    }, opts.timeoutMs);
    socket.on('connect', () => {
      socket.write(head);
      if (opts.trickle) timer = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 1000);
    });
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(deadline);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('slow and oversized clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    port = Number(new URL(t.url).port);
  });
  afterAll(() => t.close());

  test('the server carries the documented deadlines', () => {
    expect(t.app.server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(t.app.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(t.app.server.timeout).toBe(SERVER_TIMEOUTS.idleMs);
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(15_000);
    expect(SERVER_TIMEOUTS.requestMs).toBeLessThanOrEqual(300_000);
  });

  test('headers sent one line a second are cut off at the headers deadline', async () => {
    const { answer, closedAfterMs } = await rawExchange(port, 'GET /health HTTP/1.1\r\nHost: x\r\n', { trickle: true, timeoutMs: 20_000 });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headersMs - 500);
    expect(closedAfterMs).toBeLessThan(SERVER_TIMEOUTS.headersMs + SERVER_TIMEOUTS.checkIntervalMs + 2_000);
  }, 30_000);

  test('a JSON body over the limit is refused from its Content-Length, unread', async () => {
    const head = `POST /allAnuncios HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n{"filters":{`;
    const { answer, closedAfterMs } = await rawExchange(port, head, { timeoutMs: 5_000 });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain(JSON.stringify({ error: MSG.invalidInput }));
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  test('an upload over the photo limits is refused from its Content-Length, unread', async () => {
    const { token } = await createUser(t.app);
    const head = `POST /anuncio HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${2 * 1024 ** 3}\r\n\r\n--b\r\n`;
    const { answer, closedAfterMs } = await rawExchange(port, head, { timeoutMs: 5_000 });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(closedAfterMs).toBeLessThan(2_000);
  });
});
