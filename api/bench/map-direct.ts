/**
 * Map views one at a time, without HTTP (issue 44, docs/decisions/0039-map-cells-and-map-limit.md):
 * the never-repeated views of bench:map (cases.ts `mapViews`: random view and zoom, half with a
 * cold search's filters) run straight through `mapClusters` on a kept bench database, each once
 * with the map's cells table and once without it (every cell grouped from the search table),
 * alternating which goes first, so both share the machine's load. Besides the wall time, the
 * process's CPU time per view (PGlite runs in this process; on PostgreSQL only the API's side),
 * which a loaded machine disturbs far less. Each pair of answers must agree (counts and cells).
 *
 *   node --import tsx api/bench/map-direct.ts --reuse <database|directory> [--n 300]
 *   (DATABASE_URL set for a PostgreSQL database name)
 */
import os from 'node:os';
import path from 'node:path';
import { givenFilters } from '../src/search/filters';
import { openPglite, openPostgres } from '../src/db/client';
import { createWorkQueue } from '../src/db/work-queue';
import { mapClusters } from '../src/search/map';
import { cellsAnswer } from '../src/search/map-cells';
import { mapViews } from './cases';
import { prepareDatabase } from './load-data';
import { summarize } from './stats';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

type Mode = 'cells' | 'table';
type Kind = 'sin filtros' | 'con filtros';

async function main() {
  const reuse = arg('reuse');
  if (!reuse) throw new Error('--reuse <base|directorio> es obligatorio');
  const n = Number(arg('n') ?? 300);
  const data = await prepareDatabase({ count: 0, databaseUrl: process.env.DATABASE_URL || undefined, reuse, keep: true, log: console.log });
  const database = data.env.DATABASE_URL ? await openPostgres(data.env.DATABASE_URL, 2, 0) : await openPglite(path.join(data.location, 'pglite'));
  const queue = createWorkQueue({ concurrency: 1, maxQueued: 10, maxWaitMs: 60_000 });
  const next = mapViews(data.sample);
  const times: Record<`${Mode}:${Kind}`, { wall: number[]; cpu: number[] }> = {
    'cells:sin filtros': { wall: [], cpu: [] }, 'table:sin filtros': { wall: [], cpu: [] },
    'cells:con filtros': { wall: [], cpu: [] }, 'table:con filtros': { wall: [], cpu: [] },
  };
  const started = os.loadavg()[0];
  try {
    for (let i = 0; i < n; i++) {
      const view = next();
      // "sin filtros": what the cells table answers (no filter, or the purpose alone)
      const kind: Kind = cellsAnswer(view.filters) && givenFilters(view.filters).length <= 1 ? 'sin filtros' : 'con filtros';
      const answers: Record<Mode, string> = { cells: '', table: '' };
      for (const mode of (i % 2 ? ['cells', 'table'] : ['table', 'cells']) as Mode[]) {
        const cpu = process.cpuUsage();
        const t = performance.now();
        const answer = await mapClusters(database.db, queue, view, mode === 'cells');
        times[`${mode}:${kind}`].wall.push(performance.now() - t);
        const used = process.cpuUsage(cpu);
        times[`${mode}:${kind}`].cpu.push((used.user + used.system) / 1000);
        answers[mode] = JSON.stringify([answer.total, answer.sinUbicacion, answer.clusters.map((c) => `${c.n}:${c.id ?? ''}`).sort()]);
      }
      if (answers.cells !== answers.table) throw new Error(`respuestas distintas para ${JSON.stringify(view)}`);
    }
  } finally {
    await database.close();
  }
  console.log(`${n} vistas en ${data.engine} (${data.rows} anuncios); carga ${started.toFixed(2)} → ${os.loadavg()[0].toFixed(2)} con ${os.cpus().length} CPU`);
  for (const [key, { wall, cpu }] of Object.entries(times)) {
    if (!wall.length) continue;
    const w = summarize(wall, 0, 1);
    const c = summarize(cpu, 0, 1);
    console.log(`  ${key.replace('cells', 'con la tabla de celdas').replace('table', 'sin ella')}: ${wall.length} vistas, tiempo p50 ${w.p50} / p95 ${w.p95} ms, CPU p50 ${c.p50} / p95 ${c.p95} ms`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
