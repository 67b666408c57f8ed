/**
 * Is the server's memory flat over the soak? Samples are grouped by minute; the first minute is
 * warm-up (JIT, caches, connection pools filling), so the reference is the second minute and the
 * verdict compares the last minute's median with it. The slope (least squares, after the first
 * minute) says how fast anything still grows.
 */
import type { MemorySample } from './measured-server';

/** The last minute's median may be at most this many times the second minute's. */
export const MEMORY_GROWTH_LIMIT = 1.5;

export interface SoakMemorySample extends MemorySample {
  /** Seconds since the traffic started. */
  t: number;
}

type Field = 'rss' | 'heapUsed' | 'external';

export interface MemoryVerdict {
  field: Field;
  firstMinuteMB: number;
  secondMinuteMB: number;
  lastMinuteMB: number;
  /** MB per minute after the first minute. */
  slopeMBPerMinute: number;
  ratio: number;
  /** null when the run is too short to judge (fewer than three minutes). */
  ok: boolean | null;
}

const MB = 2 ** 20;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function slope(points: [number, number][]): number {
  if (points.length < 2) return NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / points.length;
  const my = points.reduce((a, [, y]) => a + y, 0) / points.length;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den ? num / den : NaN;
}

export function judgeMemory(samples: SoakMemorySample[], seconds: number): MemoryVerdict[] {
  const between = (from: number, to: number) => samples.filter((s) => s.t >= from && s.t < to);
  const first = between(0, 60);
  const second = between(60, 120);
  const last = between(seconds - 60, Infinity);
  const judged = seconds >= 180;
  return (['heapUsed', 'rss', 'external'] as Field[]).map((field) => {
    const m = (list: SoakMemorySample[]) => median(list.map((s) => s[field])) / MB;
    const ratio = m(last) / m(second);
    return {
      field,
      firstMinuteMB: round(m(first)),
      secondMinuteMB: round(m(second)),
      lastMinuteMB: round(m(last)),
      slopeMBPerMinute: round(slope(between(60, Infinity).map((s) => [s.t / 60, s[field] / MB])), 2),
      ratio: round(ratio, 2),
      // Heap and RSS are judged; external (PGlite's WebAssembly memory, photo buffers) is shown.
      ok: judged && field !== 'external' ? ratio <= MEMORY_GROWTH_LIMIT : null,
    };
  });
}
