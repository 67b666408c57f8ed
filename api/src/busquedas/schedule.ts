/**
 * When a saved search's alert is due (issue 22): instant ones at every run of the job (each
 * minute), daily ones at 8:00 and weekly ones on Monday at 8:00 in the Dominican Republic.
 * America/Santo_Domingo is UTC−4 all year (no daylight saving since 2000), so the offset is fixed.
 */
import type { Frecuencia } from 'shared-contracts';

export const ALERT_TIME_ZONE = 'America/Santo_Domingo';
const OFFSET_MS = -4 * 3600_000;
const DAY_MS = 24 * 3600_000;
export const ALERT_HOUR = 8;

/** The next due moment strictly after `now`; null for instant alerts. */
export function nextDueAt(frecuencia: Frecuencia, now: Date): Date | null {
  if (frecuencia === 'instantaneo') return null;
  const local = new Date(now.getTime() + OFFSET_MS);
  // Today's 8:00 local, expressed in UTC.
  let due = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), ALERT_HOUR) - OFFSET_MS;
  if (due <= now.getTime()) due += DAY_MS;
  if (frecuencia === 'semanal') {
    // getUTCDay of the local date: 1 = Monday.
    while (new Date(due + OFFSET_MS).getUTCDay() !== 1) due += DAY_MS;
  }
  return new Date(due);
}
