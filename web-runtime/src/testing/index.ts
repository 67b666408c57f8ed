/**
 * Test support for component tests: a recorded API served over real HTTP (node:http), and
 * listings in the wire shape. Web tests use the fetch that jest/jsdom-env.js gives them (Node's,
 * with Node's AbortController, so aborts work). Only mf-publish keeps its own fetch, over
 * jsdom's XHR, because its multipart bodies are jsdom FormData that Node's fetch cannot send.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Anuncio } from 'shared-contracts';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface RecordedReply {
  status?: number;
  body: unknown;
  /** Answer late, e.g. to observe a loading state or a stale request being aborted. */
  delayMs?: number;
}

export type RecordedHandler = (req: RecordedRequest) => RecordedReply | Promise<RecordedReply>;

export interface RecordedApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts an HTTP server on a free port answering each request with `handler` (JSON, CORS open). */
export async function startRecordedApi(handler: RecordedHandler): Promise<RecordedApi> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', async () => {
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const recorded = { method: req.method ?? 'GET', path: req.url ?? '/', body };
      requests.push(recorded);
      const reply = await handler(recorded);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(reply.body));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
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
