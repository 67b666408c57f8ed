/**
 * The search's statements are built once per shape and then only run (issue 18). Building a
 * drizzle query (the 40 columns of a page's rows, the filters, the cube's sums) cost the API more
 * CPU than anything else in a cold search but the sockets; its text depends only on the shape of
 * the search (which filters it has, how its page is read), never on the values, which are
 * placeholders filled at each run. On PostgreSQL a built statement is also a named prepared
 * statement, parsed once per connection.
 */
import type { Filters } from 'shared-contracts';
import type { Db } from '../db/client';

export type Values = Record<string, unknown>;

export interface Runnable<T> {
  execute(values?: Values): Promise<T>;
}

/** Shapes kept per database (a few hundred occur; beyond this a statement is built for each run). */
export const MAX_SHAPES = 2_000;

const byDb = new WeakMap<Db, Map<string, Runnable<unknown>>>();
let named = 0;

/**
 * The statement of `shape`, built by `build` the first time. `build` receives the name to prepare
 * under ('' = unnamed, when the cache is full and the statement is used once).
 */
export function statement<T>(db: Db, shape: string, build: (name: string) => Runnable<T>): Runnable<T> {
  let shapes = byDb.get(db);
  if (!shapes) {
    shapes = new Map();
    byDb.set(db, shapes);
  }
  const found = shapes.get(shape) as Runnable<T> | undefined;
  if (found) return found;
  if (shapes.size >= MAX_SHAPES) return build('');
  named += 1;
  const built = build(`search_${named}`);
  shapes.set(shape, built);
  return built;
}

/** Which filters a search has: with the statement's kind, the shape of its SQL. */
export function filterShape(filters: Filters): string {
  return (Object.keys(filters) as (keyof Filters)[])
    .filter((k) => filters[k] !== undefined)
    .sort()
    .join(',');
}
