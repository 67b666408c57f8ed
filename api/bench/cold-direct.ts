/**
 * Cold searches on one connection, without HTTP (issue 18): the never-repeated searches of
 * bench:api's cold case (cases.ts `coldSearches`) run one at a time straight through
 * `searchCount` + `searchPage` on a kept bench database, each once with the count cube and once
 * without (alternating which goes first), so both columns share the machine's load. `--check`
 * also compares every count with the exact one (slow on 1 M).
 *
 *   node --import tsx api/bench/cold-direct.ts --reuse <database|directory> [--n 300] [--check]
 *   (DATABASE_URL set for a PostgreSQL database name)
 */
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres } from '../src/db/client';
import { COUNT_LIMITS, searchCount, searchCountExact, searchPage, type Counted } from '../src/anuncios/search-query';
import { coldSearches } from './cases';
import { prepareDatabase } from './load-data';
import { summarize } from './stats';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function main() {
  const reuse = arg('reuse');
  if (!reuse) throw new Error('--reuse <base|directorio> es obligatorio');
  const n = Number(arg('n') ?? 300);
  const check = process.argv.includes('--check');
  const data = await prepareDatabase({ count: 0, databaseUrl: process.env.DATABASE_URL || undefined, reuse, keep: true, log: console.log });
  const database = data.env.DATABASE_URL ? await openPostgres(data.env.DATABASE_URL, 2, 0) : await openPglite(path.join(data.location, 'pglite'));
  const { db } = database;
  const next = coldSearches(data.sample);
  const modes = { cube: { ...COUNT_LIMITS, cube: true }, noCube: { ...COUNT_LIMITS, cube: false } };
  const times = { cube: [] as number[], noCube: [] as number[] };
  let estimated = 0;
  let worst = 0;
  const started = os.loadavg()[0];
  try {
    for (let i = 0; i < n; i++) {
      const { filters, page } = next();
      const order = i % 2 ? (['cube', 'noCube'] as const) : (['noCube', 'cube'] as const);
      for (const mode of order) {
        const t0 = performance.now();
        const counted: Counted = await searchCount(db, filters, modes[mode]);
        await searchPage(db, filters, page, counted, modes[mode]);
        times[mode].push(performance.now() - t0);
        if (mode === 'cube' && counted.estimated) {
          estimated += 1;
          if (check) {
            const exact = await searchCountExact(db, filters, modes.noCube);
            worst = Math.max(worst, Math.abs(counted.count - exact) / exact);
          }
        }
      }
    }
  } finally {
    await database.close();
  }
  const load = `carga ${started.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`;
  for (const mode of ['noCube', 'cube'] as const) {
    const s = summarize(times[mode], 0, 1);
    console.log(`${mode === 'cube' ? 'con cubo' : 'sin cubo'}: ${n} búsquedas frías, p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms (${load})`);
  }
  console.log(`estimadas con cubo: ${estimated} de ${n}${check ? `, error máximo ${(100 * worst).toFixed(2)} %` : ''}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
