/**
 * Issue 19, item 7: one process per embedded data directory. With the API running on a DATA_DIR,
 * a second API process and `feeds:import` on the same directory stop at once with a Spanish
 * message naming the holder; after the API is killed (SIGKILL: no clean-up), the next start takes
 * the directory again; another DATA_DIR is never affected.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, SERVER_SECRET, startServer, type ServerProcess } from './support/server-process';

const run = promisify(execFile);

async function second(script: string, args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, API_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', JWT_SECRET: SERVER_SECRET },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('one process per embedded DATA_DIR', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  test('a second API and feeds:import are refused while the API runs; a kill frees the directory', async () => {
    const dataDir = newDir();
    const first = await startServer(dataDir);
    servers.push(first);

    const api = await second('api/src/server.ts', [], dataDir);
    expect(api.code).toBe(1);
    expect(api.output).toContain(`El directorio de datos ${dataDir} ya está en uso por la API (pid ${first.child.pid})`);

    const feeds = await second('api/src/feeds/cli.ts', ['--all'], dataDir);
    expect(feeds.code).toBe(2); // the CLI refuses what it cannot run with 2
    expect(feeds.output).toContain('ya está en uso por la API');
    // The first API is unharmed.
    expect((await fetch(`${first.url}/health`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const again = await startServer(dataDir);
    servers.push(again);
    expect((await fetch(`${again.url}/health`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    // Cleanly stopped: feeds:import may use the directory now.
    expect((await second('api/src/feeds/cli.ts', ['--all'], dataDir)).output).not.toContain('ya está en uso');
  });
});
