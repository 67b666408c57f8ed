/**
 * One process per embedded data directory (issue 19, item 7). PGlite is a single-process database:
 * two processes on one DATA_DIR/pglite corrupt it, and each one's start-up photo sweep would delete
 * the other's photos still in flight. The lock is a Unix socket the owner listens on: the kernel
 * refuses a second listener while the owner lives and frees the address when it dies (even by
 * SIGKILL), so a stale lock is told apart by trying to connect, never by trusting a pid file.
 * A process asking is told who holds it (pid and what it is doing) for the message.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Unix socket paths are limited to ~107 bytes: long data directories get one in the temp dir. */
function socketPath(dataDir: string): string {
  const local = path.join(dataDir, '.api-lock.sock');
  if (Buffer.byteLength(local) < 100) return local;
  return path.join(os.tmpdir(), `inmueblesrd-${crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

function whoHolds(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let text = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (d) => (text += d.toString()));
    socket.on('end', () => resolve(text || 'otro proceso'));
    socket.on('close', () => resolve(text || null));
    socket.on('error', () => resolve(null));
  });
}

function listen(server: net.Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err));
    server.listen(address, () => resolve(null));
  });
}

/** Takes the data directory for `purpose` ("la API", "feeds:import"), or throws DataDirLockedError with a Spanish message. */
export async function lockDataDir(dataDir: string, purpose: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const address = socketPath(dataDir);
  const holder = `${purpose} (pid ${process.pid})`;
  for (let attempt = 0; attempt < 2; attempt++) {
    const server = net.createServer((socket) => socket.end(holder));
    const err = await listen(server, address);
    if (!err) {
      // A lock must not keep a finished process alive.
      server.unref();
      return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    }
    if (err.code !== 'EADDRINUSE') throw err;
    const other = await whoHolds(address);
    if (other) {
      throw new DataDirLockedError(
        `El directorio de datos ${dataDir} ya está en uso por ${other}. Detén ese proceso antes de iniciar ${purpose}, o usa otro DATA_DIR.`,
      );
    }
    // Nobody answers: the socket file of a process that died. Remove it and try once more.
    fs.rmSync(address, { force: true });
  }
  throw new DataDirLockedError(`No se pudo tomar el directorio de datos ${dataDir} para ${purpose}.`);
}
