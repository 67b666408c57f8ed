/**
 * Test support for component tests: THE recorded API served over real HTTP (node:http), and
 * listings in the wire shape. Web tests use the fetch that jest/jsdom-env.js gives them (Node's,
 * with Node's AbortController, so aborts work). mf-publish's helper serves through this same
 * server but keeps its own fetch, over jsdom's XHR, because its multipart bodies are jsdom
 * FormData that Node's fetch cannot send.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Anuncio } from 'shared-contracts';

/** What the server records of each request (`requests`). */
export interface RecordedRequest {
  method: string;
  /** As sent: path and query. */
  path: string;
  /** The body parsed as JSON, the text when it is not JSON, null when empty. */
  body: unknown;
}

/** What a handler sees: the recorded request, its headers and its body as text. */
export interface IncomingRecordedRequest extends RecordedRequest {
  headers: http.IncomingHttpHeaders;
  /** The body as text ('' when none). */
  text: string;
}

export interface RecordedReply {
  status?: number;
  body: unknown;
  /** Answer late, e.g. to observe a loading state or a stale request being aborted. */
  delayMs?: number;
}

export type RecordedHandler = (req: IncomingRecordedRequest) => RecordedReply | Promise<RecordedReply>;

export interface RecordedApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface RecordedServer extends RecordedApi {
  /** Listens on `port` (0: any free one); false when the port is taken. Sets `url`. */
  listen(port?: number): Promise<boolean>;
}

/**
 * THE recorded-API test server of the web apps (mf-account and mf-publish wrap it in their own
 * helpers): real HTTP on 127.0.0.1 answering each request with `handler` as JSON, CORS open (a
 * browser-like client's preflight is answered and not recorded), every request recorded.
 */
export function createRecordedServer(handler: RecordedHandler): RecordedServer {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
        res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
        res.writeHead(204).end();
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', body };
      requests.push(recorded);
      const reply = await handler({ ...recorded, headers: req.headers, text });
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  const recordedServer: RecordedServer = {
    url: '',
    requests,
    listen: (port = 0) =>
      new Promise<boolean>((resolve) => {
        const failed = () => resolve(false);
        server.once('error', failed);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', failed);
          recordedServer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
          resolve(true);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return recordedServer;
}

/** The recorded server on a free port. */
export async function startRecordedApi(handler: RecordedHandler): Promise<RecordedApi> {
  const server = createRecordedServer(handler);
  await server.listen(0);
  return server;
}

/** A listing in the exact wire shape of shared-contracts' types.ts (as the API records it), with overrides. */
export function makeAnuncio(overrides: Partial<Anuncio> = {}): Anuncio {
  return {
    _id: 'a1',
    title: 'Casa con patio en Gazcue',
    description: 'Casa amplia y fresca.\nCerca del malecón.',
    price: 250000,
    moneda: 'US',
    proposito: 'venta',
    propiedad: 'Casa',
    metros: 180,
    habitaciones: 3,
    banos: 2,
    nivel: 1,
    balcon: false,
    patio: true,
    piscina: false,
    parqueo: true,
    name: 'María',
    apellido: 'Rodríguez',
    empresa: '',
    canales: ['telefono', 'email'],
    place: 'Santo Domingo de Guzmán',
    region: 'Distrito Nacional',
    locality: 'Gazcue',
    address: 'Calle Santiago 10, Gazcue',
    latitude: null,
    longitude: null,
    image_urls: [],
    source: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
