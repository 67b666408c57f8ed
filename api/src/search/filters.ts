/**
 * The search's statements are built once per shape and then only run (issue 18). Building a
 * drizzle query (the 40 columns of a page's rows, the filters, the cube's sums) cost the API more
 * CPU than anything else in a cold search but the sockets; its text depends only on the shape of
 * the search (which filters it has, how its page is read), never on the values, which are
 * placeholders filled at each run.
 *
 * The cache itself, and why its statements stay unnamed for PostgreSQL, is db/statements.ts.
 */
import type { Filters } from 'shared-contracts';

/** Which filters a search has: with the statement's kind, the shape of its SQL. */
export function filterShape(filters: Filters): string {
  return (Object.keys(filters) as (keyof Filters)[])
    .filter((k) => filters[k] !== undefined)
    .sort()
    .join(',');
}
