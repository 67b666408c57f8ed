/**
 * The API's port while the app starts (issue 45): migrations (or the wait for another instance's)
 * and the start-up jobs can take minutes, and a port that refuses connections meanwhile looks dead
 * to a liveness probe. So server.ts opens the port at once with this small server: `/livez` 200,
 * `/readyz` 503 with the phase (starting, migrating), anything else 503 with Retry-After and the
 * request id. Once the app is ready it is closed and the app listens on the same port; the gap is
 * a few milliseconds, inside any probe's retry.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_ID_HEADER, acceptedRequestId } from 'shared-contracts';
import type { PhaseTracker } from './phase';

export interface StartupListener {
  /** The port bound (API_PORT=0 picks one: the app then listens on the same). */
  port: number;
  close(): Promise<void>;
}

export async function openStartupListener(port: number, host: string, phase: PhaseTracker): Promise<StartupListener> {
  const server = http.createServer((req, res) => {
    const id = acceptedRequestId(req.headers[REQUEST_ID_HEADER]) ?? crypto.randomUUID();
    const path = (req.url ?? '/').split('?')[0];
    const live = path === '/livez';
    const body = JSON.stringify(live ? { status: 'ok' } : { status: phase.current });
    res.writeHead(live ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      [REQUEST_ID_HEADER]: id,
      ...(live || path === '/readyz' ? {} : { 'retry-after': '5' }),
      connection: 'close',
    });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
