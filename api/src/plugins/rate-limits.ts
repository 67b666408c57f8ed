/**
 * Attempt limits on the calls that can be abused to guess passwords or flood an inbox: login,
 * sign-up, forgot-password and confirmation-link requests. Each call is counted twice, per client
 * IP and per email address (so neither many IPs against one account nor one IP against many
 * accounts gets far). Fixed windows; over the limit the answer is 429 with Retry-After (seconds).
 * Counting uses @fastify/rate-limit with the database store (rate-limit-store.ts): every instance
 * on one PostgreSQL shares the counters; it reads the app's clock, so tests can move time.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from 'shared-contracts';
import { HttpError } from '../http-error';
import { databaseStore } from './rate-limit-store';

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

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : null;
}

async function rateLimitsPlugin(app: FastifyInstance, opts: { limits?: Partial<RateLimitSettings> }) {
  const limits: RateLimitSettings = { ...RATE_LIMITS, ...opts.limits };
  await app.register(rateLimit, { global: false, store: databaseStore(app.db, app.clock) as never });

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

export default fp(rateLimitsPlugin, { name: 'rate-limits', fastify: '5.x', dependencies: ['config', 'db'] });
