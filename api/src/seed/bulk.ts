/**
 * CLI: loads N synthetic listings for benchmarks into the configured database.
 *
 *   node --import tsx api/src/seed/bulk.ts --count 100000 [--seed 7] [--batch 1000]
 *
 * DATABASE_URL set: PostgreSQL; otherwise PGlite under $DATA_DIR/pglite (default ./data).
 * Migrations are applied first. Each run uses a fresh seed unless --seed is given, so partner
 * references never collide with an earlier load. Prints rows per second.
 */
import { openDatabase } from '../db/client';
import { compactSearchCubes } from '../db/maintenance';
import { bulkInsertListings } from './bulk-insert';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function positiveInt(name: string, fallback: number): number {
  const raw = arg(name);
  if (raw === undefined) return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} debe ser un entero positivo (recibido: ${raw})`);
    process.exit(2);
  }
  return n;
}

async function main() {
  const count = positiveInt('count', 100_000);
  const seed = positiveInt('seed', Date.now() % 2_147_483_647);
  const batchSize = positiveInt('batch', 1000);
  const usdDopRate = Number(process.env.USD_DOP_RATE) > 0 ? Number(process.env.USD_DOP_RATE) : undefined;
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || './data' });
  try {
    await database.migrate();
    console.log(`Cargando ${count} anuncios sintéticos en ${database.engine} (semilla ${seed}, lotes de ${batchSize})…`);
    const started = performance.now();
    let lastPrint = started;
    await bulkInsertListings(database.db, {
      count,
      seed,
      usdDopRate,
      batchSize,
      onProgress: (n) => {
        const now = performance.now();
        if (now - lastPrint > 2000 || n === count) {
          lastPrint = now;
          console.log(`  ${n} filas, ${Math.round(n / ((now - started) / 1000))} filas/s`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    // The count cubes' indexes compacted after so many changes at once (db/maintenance.ts).
    await compactSearchCubes(database.db);
    console.log(`Listo: ${count} filas en ${seconds.toFixed(1)} s (${Math.round(count / seconds)} filas/s) en ${database.engine}.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
