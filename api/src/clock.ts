/**
 * Time as the API sees it, injected so tests can move it. The app has two (app.ts): `clock`, the
 * time of listings, jobs and statistics, which the browser tests' route may set days ahead; and
 * `realClock`, the time of credentials and limits (token and link expiry, rate-limit windows),
 * which no route moves (issue 40). A test that injects a clock drives both.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
