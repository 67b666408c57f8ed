/**
 * Loads N synthetic listings as fast as the engine takes them, for benchmarks: multi-row
 * INSERTs of ~1000 rows, several per transaction, no photos. Generation happens slice by slice
 * so a million rows never sit in memory at once.
 */
import { sql } from 'drizzle-orm';
import type { AnyPgDatabase } from './demo';
import { DEFAULT_USD_DOP_RATE, generateDemoListings, type DemoListing } from './generate-listings';

/** Column, SQL array type, value: one array parameter per column, whatever the batch size. */
const COLUMNS: readonly (readonly [string, string, (r: DemoListing) => unknown])[] = [
  ['source', 'text', (r) => r.source], ['source_ref', 'text', (r) => r.sourceRef], ['status', 'text', (r) => r.status],
  ['title', 'text', (r) => r.title], ['description', 'text', (r) => r.description], ['price', 'float8', (r) => r.price],
  ['moneda', 'text', (r) => r.moneda], ['price_rd', 'float8', (r) => r.priceRd], ['proposito', 'text', (r) => r.proposito],
  ['propiedad', 'text', (r) => r.propiedad], ['metros', 'float8', (r) => r.metros], ['habitaciones', 'int4', (r) => r.habitaciones],
  ['banos', 'int4', (r) => r.banos], ['nivel', 'int4', (r) => r.nivel], ['balcon', 'bool', (r) => r.balcon],
  ['patio', 'bool', (r) => r.patio], ['piscina', 'bool', (r) => r.piscina], ['parqueo', 'bool', (r) => r.parqueo],
  ['name', 'text', (r) => r.name], ['apellido', 'text', (r) => r.apellido], ['empresa', 'text', (r) => r.empresa],
  ['movil', 'text', (r) => r.movil], ['email', 'text', (r) => r.email], ['place', 'text', (r) => r.place],
  ['region', 'text', (r) => r.region], ['locality', 'text', (r) => r.locality], ['address', 'text', (r) => r.address],
  ['latitude', 'float8', (r) => r.latitude], ['longitude', 'float8', (r) => r.longitude],
];
/** Issue 42's columns (migration 0020): left out to load a database migrated as it was before them. */
const ATTRIBUTE_COLUMNS: typeof COLUMNS = [
  ['medios_banos', 'int4', (r) => r.mediosBanos], ['parqueos', 'int4', (r) => r.parqueos], ['amueblado', 'text', (r) => r.amueblado],
  ['respaldo', 'text', (r) => r.respaldo], ['cisterna', 'bool', (r) => r.cisterna], ['gas_comun', 'bool', (r) => r.gasComun],
  ['ascensor', 'bool', (r) => r.ascensor], ['seguridad_24h', 'bool', (r) => r.seguridad24h], ['area_social', 'bool', (r) => r.areaSocial],
  ['mantenimiento', 'float8', (r) => r.mantenimiento], ['mantenimiento_moneda', 'text', (r) => r.mantenimientoMoneda],
  ['mantenimiento_rd', 'float8', (r) => r.mantenimientoRd], ['mantenimiento_us', 'float8', (r) => r.mantenimientoUs],
  ['ano_construccion', 'int4', (r) => r.anoConstruccion], ['construccion', 'text', (r) => r.construccion], ['entrega', 'text', (r) => r.entrega],
];

/**
 * INSERT … SELECT FROM unnest(arrays): one array parameter per column and statement instead of one per column and row, so
 * neither drizzle nor the server parses thousands of placeholders (about 3x faster here).
 */
function insertStatement(rows: DemoListing[], attributes: boolean) {
  const columns = attributes ? [...COLUMNS, ...ATTRIBUTE_COLUMNS] : COLUMNS;
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const arrays = sql.join(
    columns.map(([, type, get]) => sql`${sql.param(rows.map(get))}::${sql.raw(type)}[]`),
    sql`, `,
  );
  return sql`INSERT INTO anuncios (${names}) SELECT * FROM unnest(${arrays})`;
}

export interface BulkInsertOptions {
  count: number;
  seed: number;
  usdDopRate?: number;
  /** Rows per INSERT statement (about 30 parameters each: keep under PostgreSQL's 65,535). */
  batchSize?: number;
  /** INSERT statements per transaction. */
  batchesPerTransaction?: number;
  onProgress?: (inserted: number) => void;
  /** False: without issue 42's columns, for a database migrated only up to 0019 (upgrade tests). */
  attributes?: boolean;
}


export async function bulkInsertListings(db: AnyPgDatabase, opts: BulkInsertOptions): Promise<number> {
  const { count, seed, usdDopRate = DEFAULT_USD_DOP_RATE, batchSize = 1000, batchesPerTransaction = 10 } = opts;
  const perTx = batchSize * batchesPerTransaction;
  let inserted = 0;
  while (inserted < count) {
    const start = inserted;
    const end = Math.min(count, start + perTx);
    await db.transaction(async (tx) => {
      for (let i = start; i < end; i += batchSize) {
        const rows = generateDemoListings({ count: Math.min(batchSize, end - i), seed, usdDopRate, start: i });
        // A partner's reference must be unique per load: the seed names the run.
        for (const r of rows) if (r.sourceRef) r.sourceRef = `bulk-${seed}-${r.sourceRef}`;
        await tx.execute(insertStatement(rows, opts.attributes ?? true));
      }
    });
    inserted = end;
    opts.onProgress?.(inserted);
  }
  return inserted;
}
