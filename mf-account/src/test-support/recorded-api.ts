/**
 * A real local HTTP server answering the SPEC §7 calls with recorded JSON (shapes of
 * shared-contracts/src/types.ts), recording what the page sent. Each test file uses its own port
 * in this remote's private range 4400–4499 so parallel jest workers never collide.
 */
import http from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}
export interface Answer {
  status?: number;
  json: unknown;
  /** Hold the answer, to observe loading states. */
  delayMs?: number;
}
export type Handler = (req: RecordedRequest) => Answer;

export interface RecordedApi {
  url: string;
  requests: RecordedRequest[];
  /** Replace the answer for `METHOD /path`. */
  on(route: string, handler: Handler | Answer): void;
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** The server for `port`, not listening yet: a test file can hold it before its beforeAll runs. */
export function createRecordedApi(port: number): RecordedApi {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : null };
      requests.push(recorded);
      const handler = handlers.get(`${recorded.method} ${recorded.path}`);
      const answer: Answer = handler ? handler(recorded) : { status: 404, json: { error: 'Not found' } };
      setTimeout(() => {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json));
      }, answer.delayMs ?? 0);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
