/**
 * The server process's hold on DATA_DIR (registered by server.ts only, before the database opens).
 * On the embedded database the directory belongs to one process: a second API or feeds:import on
 * it is refused (db/data-dir-lock.ts; buildApp rejects with DataDirLockedError). The pid file tells
 * `npm run backup/restore` that an API owns the directory (they stop the world). Both go when the
 * app has closed, after the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { lockDataDir } from '../db/data-dir-lock';

async function dataDirPlugin(app: FastifyInstance) {
  const { dataDir, databaseUrl } = app.config;
  const lock = databaseUrl ? null : await lockDataDir(dataDir, 'la API');
  const pidFile = path.join(dataDir, 'api.pid');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(pidFile, String(process.pid));
  app.addHook('onClose', async () => {
    fs.rmSync(pidFile, { force: true });
    await lock?.release();
  });
}

export default fp(dataDirPlugin, { name: 'data-dir', fastify: '5.x', dependencies: ['config'] });
