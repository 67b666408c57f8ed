/**
 * Test support: a real HTTP server answering recorded JSON in the shapes of shared-contracts
 * types, and the shared store pointed at it. jsdom has no fetch, so `fetch` is provided over
 * jsdom's own XMLHttpRequest (real requests, CORS included); nothing is mocked.
 */
import type http from 'node:http';
import { parseRuntimeConfig, type User } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { createRecordedServer } from 'web-runtime/testing';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RecordedAnswer {
  status?: number;
  json: unknown;
  /** Hold the answer back (ms), e.g. to click twice while a submission is in flight. */
  delayMs?: number;
}

export type Handler = (req: RecordedRequest) => RecordedAnswer;

function xhrFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', String(input));
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v);
    xhr.onload = () =>
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, text: async () => xhr.responseText } as Response);
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
  });
}

/**
 * jsdom's own XHR carries jsdom's FormData and Blobs; Node's fetch (the environment's, from
 * jest/jsdom-env.js) does not understand them: tried, the multipart POST of the add form never
 * completes. So this remote's tests, and only these, replace the environment's fetch.
 */
export function installFetch() {
  globalThis.fetch = xhrFetch as typeof fetch;
}

export const TEST_USER: User = { _id: 'u1', name: 'Lucía', apellido: 'Peña', email: 'lucia@example.com', token: 'token-lucia' };

/**
 * web-runtime/testing's recorded server on a free port of this remote's private range
 * (4500–4599), with this remote's routing: handlers by "METHOD /path" (or "METHOD *"), requests
 * recorded with their query parsed and the raw body (multipart bodies are not JSON).
 */
/** The file's recorded API: the store, reset before each test (jest/setup-dom.ts), points at it again. */
let testApiUrl: string | null = null;
beforeEach(() => {
  if (testApiUrl) usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: testApiUrl }) });
});

export async function startRecordedApi(routes: Record<string, Handler>) {
  installFetch();
  const requests: RecordedRequest[] = [];
  const server = createRecordedServer(async (incoming) => {
    const url = new URL(incoming.path, 'http://localhost');
    const recorded: RecordedRequest = { method: incoming.method, path: url.pathname, query: url.searchParams, headers: incoming.headers, body: incoming.text };
    requests.push(recorded);
    const handler = routes[`${recorded.method} ${recorded.path}`] ?? routes[`${recorded.method} *`];
    const answer = handler ? handler(recorded) : { status: 404, json: { error: 'Not found' } };
    return { status: answer.status, body: answer.json, delayMs: answer.delayMs };
  });
  let port = 4500;
  while (!(await server.listen(port))) if (++port >= 4600) throw new Error('No free port in 4500–4599');
  testApiUrl = server.url;
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: server.url }) });
  return { url: server.url, requests, close: () => server.close() };
}

/** The store as the shell leaves it: logged in (or not), defaults otherwise (jest/setup-dom.ts resets it before each test). */
export function setSession(user: User | null, extra: Partial<ReturnType<typeof usePortalStore.getState>> = {}) {
  usePortalStore.setState({ user, isLoggedIn: !!user, ...extra });
}

/** Names of the `images` parts of a multipart body, in the order sent. */
export function imagePartNames(body: string): string[] {
  return [...body.matchAll(/name="images"; filename="([^"]+)"/g)].map((m) => m[1]);
}

/** Value of a text part of a multipart body. */
export function textPart(body: string, name: string): string | undefined {
  const m = body.match(new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`));
  return m?.[1];
}
