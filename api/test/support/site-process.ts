/**
 * The real site server process (`node shell/server/site-server.mjs`, what `npm start` and a
 * deployment run) on a free port, for the site's operations suites: its JSON log lines from
 * stdout, and a stop by SIGTERM that waits for the exit. Needs the builds (npm test builds what is
 * stale first).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './server-process';

export interface SiteProcess {
  child: ChildProcess;
  url: string;
  /** The exit code ('close'); null when killed by a signal. */
  exited: Promise<number | null>;
  /** Every JSON line it wrote on stdout so far. */
  lines(): Record<string, unknown>[];
  stop(): Promise<void>;
}

export async function startSite(env: Record<string, string>): Promise<SiteProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'shell/server/site-server.mjs')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const deadline = Date.now() + 20_000;
  let url = '';
  while (!url) {
    const m = /listening on 127\.0\.0\.1:(\d+)/.exec(out);
    if (m) url = `http://127.0.0.1:${m[1]}`;
    else if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`site server did not start:\n${out}\n${err}`);
    } else await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    url,
    exited,
    lines: () => out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until `ok` holds (polled every 50 ms), or throws naming `what`. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `npm run remote -- …` (the same command: `node --import tsx scripts/remotes.ts`), with only `env` and PATH/HOME set. */
export function remoteCli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/remotes.ts'), ...args], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}
