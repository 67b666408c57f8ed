/**
 * The parent's side of measured-server.ts: forks the real API on a port of the benchmark range,
 * asks it for its memory over IPC, reads its resident set and peak from /proc (Linux), and stops
 * it. The load generator stays in the parent so it never shares the server's event loop.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ChildMessage, DecodeSlotsSample, MemorySample, ParentMessage } from './measured-server';

export interface ProcStatus {
  /** Resident set now, bytes. */
  rss: number;
  /** Peak resident set since start or the last resetPeak(), bytes. */
  hwm: number;
  /** CPU time used so far (user + system), seconds: a figure other work on the machine cannot inflate. */
  cpuSeconds: number;
}

let ticksPerSecond: number | null = null;
function clockTicks(): number {
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

export interface ServerProcess {
  pid: number;
  port: number;
  /** With `gc`, after a full collection: the live heap (costs the server a pause of some ms). */
  memory(gc?: boolean): Promise<MemorySample>;
  decodeSlots(): Promise<DecodeSlotsSample>;
  /** null where /proc is not there. */
  procStatus(): ProcStatus | null;
  /** Starts a new peak (VmHWM) measurement; false when the kernel does not allow it. */
  resetPeak(): boolean;
  stop(): Promise<void>;
}

export function checkPort(port: number): void {
  if (!Number.isInteger(port) || !((port >= 4600 && port <= 4699) || (port >= 5900 && port <= 5999))) throw new Error('--port debe estar entre 4600 y 4699 (o 5900 y 5999)');
}

export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  checkPort(port);
  const child: ChildProcess = fork(path.join(__dirname, 'measured-server.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env, API_PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  const pending = new Map<number, (m: ChildMessage) => void>();

  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'error') reject(new Error(`servidor: ${m.message}`));
      else {
        pending.get(m.id)?.(m);
        pending.delete(m.id);
      }
    });
    child.once('exit', (code) => reject(new Error(`el servidor terminó (código ${code})`)));
  });

  const ask = <T extends ChildMessage>(type: 'memory' | 'slots', gc = false): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`el servidor no contestó (${type})`));
      }, 10_000);
      pending.set(id, (m) => {
        clearTimeout(timer);
        resolve(m as T);
      });
      child.send((type === 'memory' ? { type, id, gc } : { type, id }) satisfies ParentMessage);
    });

  const pid = child.pid as number;
  return {
    pid,
    port,
    memory: async (gc = false) => (await ask<Extract<ChildMessage, { type: 'memory' }>>('memory', gc)).sample,
    decodeSlots: async () => (await ask<Extract<ChildMessage, { type: 'slots' }>>('slots')).sample,
    procStatus() {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
        // Fields 14 and 15 of stat (utime, stime), counted after the parenthesised command name.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / clockTicks();
        return { rss: kb('VmRSS'), hwm: kb('VmHWM'), cpuSeconds };
      } catch {
        return null;
      }
    },
    resetPeak() {
      try {
        // "5" resets the peak resident set size to the current one (proc(5), clear_refs).
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'exit' } satisfies ParentMessage);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
