import { cleanFilters, filtersSchema, type Filters } from 'shared-contracts/schemas';

/** Form values -> the filters to send: empty values dropped, anything invalid (negatives) refused. */
export function toFilters(values: Record<string, unknown>): Filters {
  const cleaned = cleanFilters(values);
  const parsed = filtersSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return filtersSchema.parse(Object.fromEntries(Object.entries(cleaned).filter(([k]) => !bad.has(k))));
}
