/**
 * API benchmark (npm run bench:api): loads synthetic listings into a fresh database, starts the
 * real API in a child process (so the load generator never shares its event loop), drives it with
 * autocannon for a fixed time per case at 20 and 50 connections, and prints p50/p95/p99, requests
 * per second and errors, with the ratios to two references measured in the same run: a no-op route
 * of the same server (the ceiling) and the home query's SQL run directly (the floor).
 *
 *   npm run bench:api -- [--count N] [--duration 10] [--connections 20,50] [--port 4650]
 *                        [--deep-page 500] [--keep] [--name bench_x]
 *                        [--reuse <database|directory>] [--cases cold,deepRandom,...]
 *                        [--write-share 0.05] [--cpu-prof <dir>] [--orders recientes,precio_asc,…]
 *                        [--attributes 0]
 *   npm run bench:map -- …the same options (the map case alone: --cases map)
 *
 * DATABASE_URL unset: PGlite in a temporary directory, 100,000 listings by default.
 * DATABASE_URL set: a new database bench_<time> on that server, 1,000,000 by default, dropped at
 * the end unless --keep. Results also go to test-results/bench-api.json. The cold case (and the
 * cold half of the mixed one) draws its searches' orders from every order (cases.ts `orderMix`),
 * or from those of --orders.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ORDENES, isOrden, type Orden } from 'shared-contracts';
import { httpCases, type CaseName, type HttpCase } from './cases';
import { prepareDatabase } from './load-data';
import { printTable, type Row } from './report';
import type { ChildMessage, ParentMessage } from './bench-server';
import { summarize, type CaseStats } from './stats';
import { WRITE_SHARE, mixedSearches, prepareWriters } from './mixed';
import { cpuShare } from './cpu-share';

/** The 1, 5 and 15 minute load averages: the machine may be shared, so every figure carries them. */
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

const ROOT = path.resolve(__dirname, '../..');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function int(name: string, fallback: number, min = 1): number {
  const raw = arg(name);
  const n = raw === undefined ? fallback : Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} debe ser un entero ≥ ${min} (recibido: ${raw})`);
  return n;
}

const log = (line: string) => console.log(line);

function startServer(env: Record<string, string>, port: number, profileDir?: string): Promise<ChildProcess> {
  // --cpu-prof DIR: the API process writes a V8 CPU profile there when it exits (open it in
  // Chrome's DevTools, Performance panel, or read it with scripts/cpu-profile-top.mjs).
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : [];
  const child = fork(path.join(__dirname, 'bench-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...profile],
    env: { ...process.env, ...env, API_PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onMessage = (m: ChildMessage) => {
      if (m.type === 'ready') resolve(child);
      if (m.type === 'error') reject(new Error(`servidor: ${m.message}`));
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`el servidor terminó (código ${code})`)));
  });
}

function floor(child: ChildProcess, connections: number, durationMs: number): Promise<CaseStats> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: ChildMessage) => {
      if (m.type === 'floor' || m.type === 'error') child.off('message', onMessage);
      if (m.type === 'floor') resolve(m.stats);
      if (m.type === 'error') reject(new Error(m.message));
    };
    child.on('message', onMessage);
    child.send({ type: 'floor', connections, durationMs } satisfies ParentMessage);
  });
}

/** Gzipped sizes of the map case's answers (issue 44's target: at most 10 KB at any zoom). */
const mapBytes: number[] = [];

async function drive(port: number, c: HttpCase, connections: number, seconds: number, onResponse?: () => void): Promise<CaseStats> {
  const latencies: number[] = [];
  const failures = new Map<number, number>();
  // A mixed case's parts (cold and repeated searches), each with its own latencies: a connection
  // has one request in flight, and autocannon calls the request's onResponse with that
  // connection's context just before it reports the response's latency.
  const parts = new Map<string, number[]>();
  let answered: string | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req, context: { part?: string }) => {
              const { part, ...request } = c.next();
              context.part = part;
              return { ...req, ...request };
            },
            onResponse: (_status, body, context: { part?: string }) => {
              answered = context.part;
              // issue 44: what a map answer weighs gzipped (a sample, so the client's CPU stays small)
              if (c.name === 'map' && body && mapBytes.length < 2000) mapBytes.push(gzipSync(body).length);
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (answered !== undefined) {
        if (!parts.has(answered)) parts.set(answered, []);
        parts.get(answered)!.push(ms);
        answered = undefined;
      }
      if (status >= 300) failures.set(status, (failures.get(status) ?? 0) + 1);
      onResponse?.();
    });
  });
  // Not for the 2 s warm-up (measure() runs each case twice).
  if (seconds > 2) for (const [part, ms] of parts) {
    const s = summarize(ms, 0, result.duration);
    log(`    ${part}: ${s.requests} respuestas, p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms`);
  }
  // Which answers were errors (503 = the search queue shed load), so a figure is read rightly.
  if (failures.size) log(`    respuestas no 2xx: ${[...failures].map(([status, n]) => `${status} × ${n}`).join(', ')}`);
  if (result.errors) log(`    errores de conexión o tiempo agotado: ${result.errors}`);
  return summarize(latencies, result.non2xx + result.errors, result.duration);
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const count = int('count', databaseUrl ? 1_000_000 : 100_000);
  const duration = int('duration', 10);
  const port = int('port', 4650);
  const deepPage = int('deep-page', 500, 0);
  const connectionList = (arg('connections') ?? '20,50').split(',').map(Number);
  const keep = process.argv.includes('--keep');
  // 5900–5999: the ports of parallel work sessions on a shared machine
  if (!((port >= 4600 && port <= 4699) || (port >= 5900 && port <= 5999))) throw new Error('--port debe estar entre 4600 y 4699 (o 5900 y 5999)');

  const startedAt = new Date();
  const data = await prepareDatabase({ count, databaseUrl, reuse: arg('reuse'), name: arg('name'), keep, log });
  log(`${data.rows} anuncios publicados en ${data.engine}${data.loadSeconds ? ` (carga: ${data.loadSeconds.toFixed(1)} s)` : ''}.`);
  // Bounded in time whatever happens: cases × connections × (warm-up + duration) plus slack.
  const budgetMs = (10 * connectionList.length * (duration + 3) + 120) * 1000;
  const watchdog = setTimeout(() => {
    console.error('El benchmark superó su tiempo máximo; se detiene.');
    process.exit(3);
  }, budgetMs);
  watchdog.unref();

  let child: ChildProcess | null = null;
  const rows: Row[] = [];
  // The server's own directory: its outbox holds the mixed case's sign-up confirmations.
  const ownServerDir = data.env.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-server-'));
  const serverDir = data.env.DATA_DIR ?? (ownServerDir as string);
  try {
    child = await startServer({ ...data.env, DATA_DIR: serverDir, SMTP_URL: '', MAIL_OUTBOX: '1', RATE_LIMIT_SCALE: '1000' }, port, arg('cpu-prof'));
    const only = arg('cases')?.split(',');
    const orders = (arg('orders')?.split(',') ?? [...ORDENES]).filter((o): o is Orden => isOrden(o));
    if (!orders.length) throw new Error(`--orders: uno o más de ${ORDENES.join(', ')}`);
    // --attributes 0: cold searches without issue 42's filters (decision 0028), to compare.
    const all = httpCases(data.sample, deepPage, data.rows, orders, arg('attributes') !== '0');
    const cases = all.filter((c) => !only || only.includes(c.name));
    const byName = (name: CaseName) => all.find((c) => c.name === name) as HttpCase;
    const mixed = !only || only.includes('mixed') ? mixedSearches(byName('cold'), byName('filtered')) : null;
    const writeShare = Number(arg('write-share') ?? WRITE_SHARE);
    if (!(writeShare >= 0 && writeShare < 1)) throw new Error('--write-share debe estar entre 0 y 1');
    const writesAlone = !only || only.includes('writes');
    const writers = mixed || writesAlone ? await prepareWriters(`http://127.0.0.1:${port}`, serverDir, writeShare) : null;
    for (const connections of connectionList) {
      const measure = async (name: CaseName, label: string, run: (s: number) => Promise<CaseStats>) => {
        await run(2); // warm-up: JIT, connection pool, caches a live site would already hold
        const cpu = cpuShare(child?.pid);
        const stats = await run(duration);
        const share = cpu();
        rows.push({ case: name, label, connections, ...stats, loadAverage: loadAverage(), ...(share && { cpu: share }) });
        log(`  ${label} @${connections}: p95 ${stats.p95} ms, ${stats.rps} req/s, errores ${stats.errors} (carga ${loadAverage().join(' ')})`);
        if (name === 'map' && mapBytes.length) {
          const sorted = [...mapBytes].sort((a, b) => a - b);
          log(`    bytes gzip por respuesta: p50 ${sorted[Math.floor(sorted.length / 2)]}, p95 ${sorted[Math.floor(sorted.length * 0.95)]}, máx ${sorted.at(-1)} (${sorted.length} respuestas)`);
          mapBytes.length = 0;
        }
        // Percent of one core; which process is at 100 % (one event loop) or the machine at 0 % idle is the limit.
        if (share) log(`    CPU: API ${share.api} %, PostgreSQL ${share.postgres} %, cliente ${share.client} %, máquina inactiva ${share.idle} %`);
        // What one write costs the server, in CPU: the figure the mixed case's searches pay for.
        if (share && name === 'writes' && stats.requests) {
          const perWrite = (percent: number) => ((percent / 100) * duration * 1000) / stats.requests;
          log(`    CPU por escritura: API ${perWrite(share.api).toFixed(2)} ms, PostgreSQL ${perWrite(share.postgres).toFixed(2)} ms`);
        }
      };
      if (!only || only.includes('floor')) await measure('floor', 'SQL directo (suelo)', (s) => floor(child!, connections, s * 1000));
      for (const c of cases) await measure(c.name, c.label, (s) => drive(port, c, connections, s));
      if (mixed && writers) {
        await measure(mixed.name, mixed.label, async (s) => {
          let reads = 0;
          const writing = writers.run(() => reads);
          const stats = await drive(port, mixed, connections, s, () => (reads += 1));
          const { writes, errors } = await writing.stop();
          if (s > 2) log(`    escrituras: ${writes} (${((100 * writes) / (writes + reads)).toFixed(1)} %), fallidas ${errors}`);
          return stats;
        });
      }
      // The writers alone, as fast as they go (publish until the plan is full, then delete the
      // oldest), once: their latency and, above, the CPU each write costs.
      if (writesAlone && writers && connections === connectionList[0]) {
        await measure('writes', `escrituras solas (${writers.users.length} usuarios publicando y borrando)`, async (s) => {
          const writing = writers.run(() => Infinity);
          await new Promise((r) => setTimeout(r, s * 1000));
          const { errors, latencies } = await writing.stop();
          return summarize(latencies, errors, s);
        });
      }
    }
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.send({ type: 'exit' } satisfies ParentMessage);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await data.cleanup();
    if (ownServerDir) fs.rmSync(ownServerDir, { recursive: true, force: true });
    if (keep) log(`Datos conservados: --reuse ${data.location}`);
  }

  const withRatios = printTable(rows, log);
  log(`Carga media al terminar (1, 5, 15 min): ${loadAverage().join(' ')} con ${os.cpus().length} CPU.`);
  const out = path.join(ROOT, 'test-results', 'bench-api.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const meta = {
    date: startedAt.toISOString(),
    engine: data.engine,
    listings: data.rows,
    loadSeconds: data.loadSeconds,
    durationSeconds: duration,
    node: process.version,
    cpus: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverageAtEnd: loadAverage(),
  };
  fs.writeFileSync(out, `${JSON.stringify({ meta, results: withRatios }, null, 2)}\n`);
  log(`JSON: ${path.relative(process.cwd(), out)}`);
  clearTimeout(watchdog);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
