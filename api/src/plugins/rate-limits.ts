/**
 * Attempt limits on the calls that can be abused to guess passwords or flood an inbox: login,
 * sign-up, forgot-password and confirmation-link requests. Each call is counted twice, per client
 * IP and per email address (so neither many IPs against one account nor one IP against many
 * accounts gets far). Fixed windows; over the limit the answer is 429 with Retry-After (seconds).
 * Counting uses @fastify/rate-limit with an in-memory store that reads the app's clock, so tests can
 * move time; a multi-instance deployment would swap the store for its Redis one.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from 'shared-contracts';
import type { Clock } from '../clock';
import { HttpError } from '../http-error';

export type LimitKind = 'login' | 'signup' | 'forgot' | 'confirmLink';
export interface Limit {
  max: number;
  windowMs: number;
}
export type RateLimitSettings = Record<LimitKind, { ip: Limit; email: Limit }>;

const MINUTE = 60_000;
/** The documented windows (api/README.md). */
export const RATE_LIMITS: RateLimitSettings = {
  login: { ip: { max: 30, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
  signup: { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 5, windowMs: 60 * MINUTE } },
  forgot: { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 3, windowMs: 60 * MINUTE } },
  confirmLink: { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 3, windowMs: 60 * MINUTE } },
};

interface Entry {
  current: number;
  start: number;
}
type Callback = (err: Error | null, res: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store contract (incr/read/child), fixed windows on an injected clock. */
function clockStore(clock: Clock, maxKeys = 50_000) {
  const entries = new Map<string, Entry>();
  return class ClockStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      const now = clock.now();
      let entry = entries.get(key);
      if (!entry || entry.start + timeWindow <= now) {
        entry = { current: 0, start: now };
        // Bound memory: forget the oldest keys first (Map keeps insertion order).
        if (entries.size >= maxKeys) entries.delete(entries.keys().next().value as string);
      }
      entry.current += 1;
      entries.delete(key);
      entries.set(key, entry);
      cb(null, { current: entry.current, ttl: entry.start + timeWindow - now });
    }
    read(key: string, cb: Callback, timeWindow: number) {
      const now = clock.now();
      const entry = entries.get(key);
      if (!entry || entry.start + timeWindow <= now) cb(null, { current: 0, ttl: 0 });
      else cb(null, { current: entry.current, ttl: entry.start + timeWindow - now });
    }
    child() {
      return new ClockStore();
    }
  };
}

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : null;
}

async function rateLimitsPlugin(app: FastifyInstance, opts: { limits?: Partial<RateLimitSettings> }) {
  const limits: RateLimitSettings = { ...RATE_LIMITS, ...opts.limits };
  await app.register(rateLimit, { global: false, store: clockStore(app.clock) as never });

  app.decorate('limitAttempts', (kind: LimitKind) => {
    const { ip, email } = limits[kind];
    const scale = app.config.rateLimitScale ?? 1;
    const byIp = app.createRateLimit({ max: ip.max * scale, timeWindow: ip.windowMs, keyGenerator: (req) => `${kind}:ip:${req.ip}` });
    const byEmail = app.createRateLimit({
      max: email.max * scale,
      timeWindow: email.windowMs,
      keyGenerator: (req) => `${kind}:email:${emailOf(req)}`,
    });
    return async (request, reply) => {
      const results = [await byIp(request)];
      if (emailOf(request)) results.push(await byEmail(request));
      const exceeded = results.filter((r) => !r.isAllowed && r.isExceeded);
      if (exceeded.length) {
        const retryAfter = Math.max(...exceeded.map((r) => (r.isAllowed ? 0 : r.ttlInSeconds)));
        reply.header('retry-after', String(Math.max(1, retryAfter)));
        request.log.warn({ kind }, 'límite de intentos alcanzado');
        throw new HttpError(429, MSG.tooManyRequests);
      }
    };
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', fastify: '5.x', dependencies: ['config'] });
