/**
 * Test support: a real HTTP server answering recorded JSON in the shapes of shared-contracts
 * types, and the shared store pointed at it. jsdom has no fetch, so `fetch` is provided over
 * jsdom's own XMLHttpRequest (real requests, CORS included); nothing is mocked.
 */
import http from 'node:http';
import { parseRuntimeConfig, type User } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

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

/** Starts the server on a free port of this remote's private range (4500–4599). */
export async function startRecordedApi(routes: Record<string, Handler>) {
  installFetch();
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS');
        res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
        res.writeHead(204).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const handler = routes[`${recorded.method} ${recorded.path}`] ?? routes[`${recorded.method} *`];
      const answer = handler ? handler(recorded) : { status: 404, json: { error: 'Not found' } };
      setTimeout(() => {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
      }, answer.delayMs ?? 0);
    });
  });
  let port = 4500;
  for (; port < 4600; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) break;
  }
  const url = `http://127.0.0.1:${port}`;
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: url }) });
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The store as the shell leaves it: logged in (or not), defaults otherwise. */
export function setSession(user: User | null, extra: Partial<ReturnType<typeof usePortalStore.getState>> = {}) {
  usePortalStore.setState({ user, isLoggedIn: !!user, misAnuncios: [], anunciosDisponibles: 5, listingsVersion: 0, ...extra });
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
