/** Time as the API sees it: injected so tests can move it (token expiry, rate-limit windows). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
