/**
 * Connections during a close (issue 19, item 8: the root cause of the intermittent exit 1 after a
 * SIGTERM during a publish). `server.close()` waits for every open connection, and Node's
 * `closeIdleConnections()` (called once by `server.close()`) leaves alone a connection that has
 * not yet sent a request: clients open those ahead of need (browsers preconnect; undici keeps
 * spare sockets) and close also stops the header-timeout checker, so such a connection held the
 * close open until the 60 s idle timeout, past the 15 s budget: exit 1. The same happened to a
 * keep-alive connection that turned idle a moment after the close began.
 *
 * So this plugin tracks every connection and how many requests it has in flight. Once closing,
 * every connection with none is destroyed, at once and every 250 ms until the server has closed;
 * answers still in flight carry `connection: close`, so their connection ends with them.
 */
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

const SWEEP_MS = 250;

async function drainConnections(app: FastifyInstance) {
  const inFlight = new Map<Socket, number>();
  let closing = false;

  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  app.server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      if (inFlight.has(socket)) inFlight.set(socket, Math.max(0, (inFlight.get(socket) ?? 1) - 1));
      if (closing && inFlight.get(socket) === 0) socket.destroySoon();
    });
  });

  const destroyIdle = () => {
    for (const [socket, n] of inFlight) if (n === 0) socket.destroy();
  };

  app.addHook('preClose', async () => {
    closing = true;
    destroyIdle();
    const sweep = setInterval(destroyIdle, SWEEP_MS);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  // An answer sent while closing ends its connection (instead of keeping it alive for the next request).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

export default fp(drainConnections, { name: 'drain-connections', fastify: '5.x' });
