/**
 * The codes the search table holds instead of the text of a listing's place, region, locality,
 * purpose, type and currency (migration 0014, docs/decisions/0005-search-table-and-estimated-counts.md):
 * a search's filters are translated to codes before they reach `anuncio_search`.
 *
 * A code is assigned by the search table's trigger the first time a searchable listing has the
 * value, and never changes nor goes away, so every code read is kept (per database): all of
 * them at the first search, then each new one when a search first gives it. A value without a
 * code is in no searchable listing: its search finds nothing, and nothing is asked of the
 * database but the code. Such a miss is not kept: the next listing may bring the value.
 */
import { and, eq, or } from 'drizzle-orm';
import type { Filters } from 'shared-contracts';
import type { Db } from '../db/client';
import { searchCodes } from '../db/schema';

/** The filters the search table holds as codes. */
export const CODED_FILTERS = ['place', 'region', 'locality', 'proposito', 'propiedad', 'moneda'] as const;
export type CodedFilter = (typeof CODED_FILTERS)[number];

/** The code of each coded filter a search gives. */
export type FilterCodes = Partial<Record<CodedFilter, number>>;

interface Known {
  codes: Map<string, number>;
  /** Every code there was when the first search came (one statement instead of one per value). */
  loaded: Promise<void>;
}
const known = new WeakMap<Db, Known>();
const keyOf = (kind: CodedFilter, value: string) => `${kind}\u0000${value}`;

function knownOf(db: Db): Known {
  let entry = known.get(db);
  if (!entry) {
    const codes = new Map<string, number>();
    const loaded = db
      .select({ kind: searchCodes.kind, value: searchCodes.value, code: searchCodes.code })
      .from(searchCodes)
      .then((rows) => {
        for (const row of rows) codes.set(keyOf(row.kind, row.value), row.code);
      });
    entry = { codes, loaded };
    known.set(db, entry);
    // A failed load (the database away) is tried again by the next search.
    loaded.catch(() => known.delete(db));
  }
  return entry;
}

/** The codes of `filters`' values, or null when one of them has none (the search finds nothing). */
export async function filterCodes(db: Db, filters: Filters): Promise<FilterCodes | null> {
  const { codes, loaded } = knownOf(db);
  await loaded;
  return codesOf(db, filters, codes);
}

/**
 * The same, read from the database and kept nowhere: for a transaction (the alert job's), whose
 * own statements must not wait behind the database's other callers (PGlite runs one at a time).
 */
export function filterCodesIn(tx: Db, filters: Filters): Promise<FilterCodes | null> {
  return codesOf(tx, filters, new Map());
}

async function codesOf(db: Db, filters: Filters, codes: Map<string, number>): Promise<FilterCodes | null> {
  const found: FilterCodes = {};
  const missing: CodedFilter[] = [];
  for (const kind of CODED_FILTERS) {
    const value = filters[kind];
    if (value === undefined) continue;
    const code = codes.get(keyOf(kind, value));
    if (code === undefined) missing.push(kind);
    else found[kind] = code;
  }
  if (!missing.length) return found;
  const rows = await db
    .select({ kind: searchCodes.kind, value: searchCodes.value, code: searchCodes.code })
    .from(searchCodes)
    .where(or(...missing.map((kind) => and(eq(searchCodes.kind, kind), eq(searchCodes.value, filters[kind]!)))));
  for (const row of rows) {
    codes.set(keyOf(row.kind, row.value), row.code);
    found[row.kind] = row.code;
  }
  return missing.every((kind) => found[kind] !== undefined) ? found : null;
}

/** The name of a code's placeholder in a statement built once per shape (filters.ts). */
export const codeSlot = (kind: CodedFilter) => `${kind}Code`;

/** The values of those placeholders. */
export function codeValues(codes: FilterCodes): Record<string, number> {
  const values: Record<string, number> = {};
  for (const kind of CODED_FILTERS) if (codes[kind] !== undefined) values[codeSlot(kind)] = codes[kind];
  return values;
}
