/** The figures every benchmark case reports, whoever measured them (autocannon or the SQL loop). */
export interface CaseStats {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(latenciesMs: number[], errors: number, seconds: number): CaseStats {
  const sorted = Float64Array.from(latenciesMs).sort();
  const values = Array.from(sorted);
  return {
    requests: values.length,
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    rps: round(values.length / seconds),
    errors,
  };
}
