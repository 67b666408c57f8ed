/**
 * The search's statements are built once per shape and then only run (issue 18). Building a
 * drizzle query (the 40 columns of a page's rows, the filters, the cube's sums) cost the API more
 * CPU than anything else in a cold search but the sockets; its text depends only on the shape of
 * the search (which filters it has, how its page is read), never on the values, which are
 * placeholders filled at each run.
 *
 * The statements stay unnamed for PostgreSQL (drizzle's `prepare('')`), which parses and plans
 * each run for its own values. Named (server-side prepared) statements were measured: parsing is
 * ≈ 2 % of PostgreSQL's time on a cold search, while each prepared statement holds ≈ 45 KB in
 * every connection that ran it (661 statements, 29.5 MB in one connection after 2,000 cold
 * searches), hundreds of megabytes per instance as the shapes accumulate.
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

/** The statement of `shape`, built by `build` the first time. */
export function statement<T>(db: Db, shape: string, build: () => Runnable<T>): Runnable<T> {
  let shapes = byDb.get(db);
  if (!shapes) {
    shapes = new Map();
    byDb.set(db, shapes);
  }
  const found = shapes.get(shape) as Runnable<T> | undefined;
  if (found) return found;
  const built = build();
  if (shapes.size < MAX_SHAPES) shapes.set(shape, built);
  return built;
}

/** Which filters a search has: with the statement's kind, the shape of its SQL. */
export function filterShape(filters: Filters): string {
  return (Object.keys(filters) as (keyof Filters)[])
    .filter((k) => filters[k] !== undefined)
    .sort()
    .join(',');
}
