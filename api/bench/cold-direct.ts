/**
 * Cold searches on one connection, without HTTP (issue 18): the never-repeated searches of
 * bench:api's cold case (cases.ts `coldSearches`, in the orders of `orderMix`) run one at a time straight through
 * `searchCount` + `searchPage` on a kept bench database (as the route calls them: a small result's
 * page read with its count is not read again), each once with the count cube and once
 * without (alternating which goes first), so both columns share the machine's load. `--check`
 * also compares every count with the exact one (slow on 1 M). With the cube, the count and the
 * page are also timed apart, and `--slowest K` lists the K slowest searches with both times: what
 * is left to make cheaper.
 *
 *   node --import tsx api/bench/cold-direct.ts --reuse <database|directory> [--n 300] [--check] [--slowest 10] [--cube-only]
 *        [--orders recientes,precio_asc,…]   (the orders drawn; with the cube, the times are also given per order)
 *   (DATABASE_URL set for a PostgreSQL database name)
 */
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres } from '../src/db/client';
import { ORDENES, PAGE_SIZE, isOrden, type Orden } from 'shared-contracts';
import { searchCount, searchCountExact } from '../src/search/count';
import { COUNT_LIMITS, type CountedPage } from '../src/search/limits';
import { ORDERS } from '../src/search/orders';
import { searchPage } from '../src/search/page';
import { coldSearches, orderMix } from './cases';
import { prepareDatabase } from './load-data';
import { summarize } from './stats';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const mean = (values: number[]) => (values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(2);

async function main() {
  const reuse = arg('reuse');
  if (!reuse) throw new Error('--reuse <base|directorio> es obligatorio');
  const n = Number(arg('n') ?? 300);
  const check = process.argv.includes('--check');
  // Only the route's way (with the cube): what PostgreSQL's statistics then show is one cold search's work.
  const cubeOnly = process.argv.includes('--cube-only');
  const data = await prepareDatabase({ count: 0, databaseUrl: process.env.DATABASE_URL || undefined, reuse, keep: true, log: console.log });
  const database = data.env.DATABASE_URL ? await openPostgres(data.env.DATABASE_URL, 2, 0) : await openPglite(path.join(data.location, 'pglite'));
  const { db } = database;
  const next = coldSearches(data.sample);
  const orders = (arg('orders')?.split(',') ?? [...ORDENES]).filter((o): o is Orden => isOrden(o));
  const nextOrder = orderMix(orders);
  const { count: searchable } = await searchCount(db, {});
  const modes = { cube: { ...COUNT_LIMITS, cube: true }, noCube: { ...COUNT_LIMITS, cube: false } };
  const times = { cube: [] as number[], noCube: [] as number[] };
  const split: { count: number; page: number; matches: number; estimated: boolean; pageNo: number; filters: string; orden: Orden }[] = [];
  const slowest = Number(arg('slowest') ?? 0);
  let estimated = 0;
  let worst = 0;
  const started = os.loadavg()[0];
  try {
    for (let i = 0; i < n; i++) {
      const { filters, page } = next();
      const sort = ORDERS[nextOrder()];
      const order = cubeOnly ? (['cube'] as const) : i % 2 ? (['cube', 'noCube'] as const) : (['noCube', 'cube'] as const);
      for (const mode of order) {
        const t0 = performance.now();
        // As the route does: a small result's page may come with its count (one statement).
        const { page: read, ...counted }: CountedPage = await searchCount(db, filters, modes[mode], { offset: page * PAGE_SIZE, order: sort, searchable });
        const t1 = performance.now();
        if (read?.offset !== page * PAGE_SIZE) await searchPage(db, filters, sort, page, counted, modes[mode], undefined, searchable);
        const t2 = performance.now();
        times[mode].push(t2 - t0);
        if (mode === 'cube') split.push({ count: t1 - t0, page: t2 - t1, matches: counted.count, estimated: counted.estimated, pageNo: page, filters: JSON.stringify(filters), orden: sort.name });
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
  for (const mode of cubeOnly ? (['cube'] as const) : (['noCube', 'cube'] as const)) {
    const s = summarize(times[mode], 0, 1);
    // The mean is what bounds the rate once the machine is saturated (req/s ≈ cores / mean CPU).
    console.log(`${mode === 'cube' ? 'con cubo' : 'sin cubo'}: ${n} búsquedas frías, media ${mean(times[mode])} ms, p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms (${load})`);
  }
  console.log(`estimadas con cubo: ${estimated} de ${n}${check ? `, error máximo ${(100 * worst).toFixed(2)} %` : ''}`);
  const count = summarize(split.map((x) => x.count), 0, 1);
  const pageTimes = summarize(split.map((x) => x.page), 0, 1);
  console.log(
    `con cubo, por partes: conteo media ${mean(split.map((x) => x.count))} / p50 ${count.p50} / p95 ${count.p95} ms; ` +
      `página media ${mean(split.map((x) => x.page))} / p50 ${pageTimes.p50} / p95 ${pageTimes.p95} ms`,
  );
  for (const orden of orders) {
    const of = split.filter((x) => x.orden === orden);
    const total = summarize(of.map((x) => x.count + x.page), 0, 1);
    console.log(`  ${orden}: ${of.length} búsquedas, media ${mean(of.map((x) => x.count + x.page))} ms (página ${mean(of.map((x) => x.page))}), p95 ${total.p95} ms`);
  }
  if (slowest > 0) {
    console.log('las más lentas (conteo ms, página ms, coincidencias, página, orden, filtros):');
    for (const x of [...split].sort((a, b) => b.count + b.page - a.count - a.page).slice(0, slowest)) {
      console.log(`  ${x.count.toFixed(1)}  ${x.page.toFixed(1)}  ${x.estimated ? '≈' : ''}${x.matches}  ${x.pageNo}  ${x.orden}  ${x.filters}`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
