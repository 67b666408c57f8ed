/**
 * The recorded API (web-runtime/testing) answering `METHOD /path` routes with recorded JSON
 * (shapes of shared-contracts/src/types.ts), recording what the page sent. Each test file uses
 * its own port in this remote's private range 4400–4499 so parallel jest workers never collide.
 */
import type http from 'node:http';
import { createRecordedServer } from 'web-runtime/testing';

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
  const server = createRecordedServer(({ method, path, headers, body }) => {
    const recorded: RecordedRequest = { method, path, headers, body };
    requests.push(recorded);
    const handler = handlers.get(`${method} ${path}`);
    const answer: Answer = handler ? handler(recorded) : { status: 404, json: { error: 'Not found' } };
    return { status: answer.status, body: answer.json, delayMs: answer.delayMs };
  });
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    async listen() {
      if (!(await server.listen(port))) throw new Error(`recorded API: port ${port} is taken`);
    },
    close: () => server.close(),
  };
}
