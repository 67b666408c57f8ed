/**
 * Statements built once and then only run (issue 18): building a drizzle query costs the API's
 * thread about 90 µs (the columns, the conditions, the SQL text), which for a statement that
 * PostgreSQL answers in a fraction of a millisecond is most of its cost on this side. A statement
 * kept here has placeholders (`sql.placeholder`) for its values. The search builds one per shape
 * of filters (search-statements.ts); the calls every write and every signed-in request make
 * (the account behind a token, a listing by id, the owner's quota) one each.
 *
 * The statements stay unnamed for PostgreSQL (drizzle's `prepare('')`), which parses and plans
 * each run for its own values. Named (server-side prepared) statements were measured: parsing is
 * ≈ 2 % of PostgreSQL's time on a cold search, while each prepared statement holds ≈ 45 KB in
 * every connection that ran it (661 statements, 29.5 MB in one connection after 2,000 cold
 * searches), hundreds of megabytes per instance as the shapes accumulate.
 *
 * Only for statements run on the pool: one built on a transaction runs on that transaction's
 * connection, which the next transaction does not have.
 */
import type { Db } from './client';

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

