/** The printed table and the ratios: each case against the no-op route and the SQL floor of its connection count. */
import type { CaseName } from './cases';
import type { CaseStats } from './stats';

export interface Row extends CaseStats {
  case: CaseName;
  label: string;
  connections: number;
  /** The load average when the case ended (1, 5, 15 min). */
  loadAverage?: number[];
  /** Percent of one core per process during the case (cpu-share.ts). */
  cpu?: { api: number; postgres: number; client: number; idle: number };
}

export interface RowWithRatios extends Row {
  /** This case's req/s over the no-op route's at the same connections (1 = as fast as the framework). */
  ratioToNoop: number | null;
  /** This case's req/s over the direct SQL's (above 1 means caching beats re-running the query). */
  ratioToFloor: number | null;
}

const ratio = (a: number, b: number | undefined) => (b ? Math.round((a / b) * 100) / 100 : null);

export function withRatios(rows: Row[]): RowWithRatios[] {
  return rows.map((r) => {
    const same = (name: CaseName) => rows.find((o) => o.case === name && o.connections === r.connections)?.rps;
    return { ...r, ratioToNoop: ratio(r.rps, same('noop')), ratioToFloor: ratio(r.rps, same('floor')) };
  });
}

export function printTable(rows: Row[], log: (line: string) => void): RowWithRatios[] {
  const out = withRatios(rows);
  const header = ['caso', 'conex.', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'errores', '÷ no-op', '÷ SQL', 'carga 1 min'];
  const lines = out.map((r) => [
    r.label,
    String(r.connections),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    String(Math.round(r.rps)),
    String(r.errors),
    r.ratioToNoop?.toFixed(2) ?? '—',
    r.ratioToFloor?.toFixed(2) ?? '—',
    r.loadAverage?.[0]?.toFixed(2) ?? '—',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  log('');
  log(fmt(header));
  log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const l of lines) log(fmt(l));
  return out;
}
