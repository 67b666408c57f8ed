/**
 * Where the CPU went during a case: the API process, PostgreSQL's processes (all of them: the
 * backends serving the pool and the server's own workers) and this process (the load generator),
 * read from /proc before and after, as a share of one core. With two cores, "API 98 %" means the
 * API's single event loop is the limit; "PostgreSQL 150 %" that the database is.
 * Linux only; elsewhere it reports nothing.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

/** utime + stime of one process, in clock ticks (0 when it is gone or unreadable). */
function ticks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

function totalIdle(): number {
  return os.cpus().reduce((sum, c) => sum + c.times.idle, 0);
}

export interface CpuShare {
  /** Percent of one core over the case. */
  api: number;
  postgres: number;
  client: number;
  /** Percent of the whole machine left idle. */
  idle: number;
}

/** Starts a reading; the returned function ends it. */
export function cpuShare(apiPid: number | undefined): () => CpuShare | null {
  if (process.platform !== 'linux' || !apiPid) return () => null;
  const pgBefore = new Map(postgresPids().map((pid) => [pid, ticks(pid)]));
  const apiBefore = ticks(apiPid);
  const clientBefore = ticks(process.pid);
  const idleBefore = totalIdle();
  const started = performance.now();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    let pg = 0;
    for (const pid of postgresPids()) pg += ticks(pid) - (pgBefore.get(pid) ?? 0);
    const share = (t: number) => Math.round((100 * t) / TICKS_PER_SECOND / seconds);
    const idleMs = totalIdle() - idleBefore;
    return {
      api: share(ticks(apiPid) - apiBefore),
      postgres: share(pg),
      client: share(ticks(process.pid) - clientBefore),
      idle: Math.round((100 * idleMs) / (seconds * 1000 * os.cpus().length)),
    };
  };
}
