/** Rate limits out of the way, for suites that test something else (accounts, fuzzing). */
import type { Limit, RateLimitSettings } from '../../src/plugins/rate-limit-policy';

const roomy: Limit = { max: 100_000, windowMs: 60_000 };

export const NO_LIMITS: RateLimitSettings = {
  signup: { ip: roomy, email: roomy },
  forgot: { ip: roomy, email: roomy },
  confirmLink: { ip: roomy, email: roomy },
  login: { ip: roomy, emailIp: roomy, email: roomy, delay: { afterFailures: 100_000, baseMs: 0, maxMs: 0 } },
  publish: { user: roomy, ip: roomy },
  invite: { user: roomy, ip: roomy },
  contact: { ip: roomy },
  geocode: { ip: roomy },
  report: { ip: roomy },
  view: { ip: roomy },
  search: { ip: roomy },
  map: { ip: roomy },
  sitemap: { ip: roomy },
};

/** Issue 40: searches the cache cannot answer unlimited, for suites that run hundreds from one client on a clock that stands still. */
export const SEARCHES_UNLIMITED: Partial<RateLimitSettings> = { search: { ip: roomy } };
