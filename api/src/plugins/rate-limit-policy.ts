/**
 * Which calls are limited, by what and how much (issue 19, item 2 and 3). The counting is the
 * rate-limits plugin's store (`app.createRateLimit`), so one store (in memory, or shared across
 * instances) serves every counter here; the keys come from rate-limit-keys.ts.
 *
 * - Sign-up, forgot-password, confirmation-link: per client, then per email. A request refused
 *   per client is not counted against the email, so nobody can use up a victim's inbox counter
 *   from an address that is already blocked.
 * - Login: every attempt counts per client; only failures count against the account, per
 *   account and client (a stranger locks out only themselves) and per account overall. The overall
 *   ceiling refuses only clients that have already failed on that account, so the owner typing the
 *   right password from their own connection is never locked out by strangers; after a few failures
 *   on an account, each further attempt on it waits a little longer (progressive delay), which slows
 *   guessing from many addresses without refusing anyone.
 * - Uploads (publishing and editing a listing, issue 40: an edit costs what a publish costs): one
 *   budget per user and one per client for both calls, and one upload at a time per user on this
 *   instance (`uploadsInProgress`, claimed by anuncios/upload.ts while a body is read and its photos
 *   decoded). Contact reveals, geocoder lookups and reports: per client.
 * - Issue 40: detail views, searches the cache cannot answer and the sitemap's pieces: per client.
 *   The site server, which asks for every visitor of a server-rendered page and every crawler's
 *   sitemap, is known by its key (SITE_API_KEY in SITE_KEY_HEADER, compared in constant time) and
 *   is not limited on searches and the sitemap; nothing else a request says (an address in
 *   X-Forwarded-For beyond TRUST_PROXY, a user agent) makes it the site server.
 * - Issue 46: agency invitations (each an email), per user and per client.
 * - Issue 44: map views, per client, with a budget of their own (panning is many calls).
 * Over a limit: 429 `{error}` with Retry-After in seconds.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, SITE_KEY_HEADER } from 'shared-contracts';
import { HttpError } from '../http-error';
import { isLocalSite } from '../config';
import { clientKey, emailKey, siteKeyMatches } from './rate-limit-keys';

export interface Limit {
  max: number;
  windowMs: number;
}
export type AttemptKind = 'signup' | 'forgot' | 'confirmLink';
export type ClientKind = 'contact' | 'geocode' | 'report' | 'view' | 'search' | 'map' | 'sitemap';
export interface RateLimitSettings {
  signup: { ip: Limit; email: Limit };
  forgot: { ip: Limit; email: Limit };
  confirmLink: { ip: Limit; email: Limit };
  login: { ip: Limit; emailIp: Limit; email: Limit; delay: { afterFailures: number; baseMs: number; maxMs: number } };
  publish: { user: Limit; ip: Limit };
  invite: { user: Limit; ip: Limit };
  contact: { ip: Limit };
  geocode: { ip: Limit };
  report: { ip: Limit };
  view: { ip: Limit };
  search: { ip: Limit };
  map: { ip: Limit };
  sitemap: { ip: Limit };
}

const MINUTE = 60_000;
/** The documented limits (api/README.md). */
export const RATE_LIMITS: RateLimitSettings = {
  signup: { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 5, windowMs: 60 * MINUTE } },
  forgot: { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 3, windowMs: 60 * MINUTE } },
  confirmLink: { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 3, windowMs: 60 * MINUTE } },
  login: {
    ip: { max: 30, windowMs: 15 * MINUTE },
    emailIp: { max: 5, windowMs: 15 * MINUTE },
    email: { max: 50, windowMs: 15 * MINUTE },
    delay: { afterFailures: 5, baseMs: 250, maxMs: 4000 },
  },
  publish: { user: { max: 20, windowMs: 60 * MINUTE }, ip: { max: 30, windowMs: 60 * MINUTE } },
  // Issue 46: each invitation is an email to an address the administrator types.
  invite: { user: { max: 20, windowMs: 60 * MINUTE }, ip: { max: 30, windowMs: 60 * MINUTE } },
  contact: { ip: { max: 30, windowMs: 10 * MINUTE } },
  geocode: { ip: { max: 60, windowMs: MINUTE } },
  // Issue 23: reports of listings (one per listing and reporter a day besides, in the database).
  report: { ip: { max: 20, windowMs: 60 * MINUTE } },
  // Issue 40: detail views (besides, one counted per client, listing and day, in the database).
  view: { ip: { max: 120, windowMs: 10 * MINUTE } },
  // Issue 40: searches the cache cannot answer. The search queue holds 200 waiting: no one client
  // fills it, and a burst waits behind at most 60 of its own.
  search: { ip: { max: 60, windowMs: MINUTE } },
  // Issue 44: map views (POST /anuncios/mapa), apart from the searches: each pan or zoom is one, so
  // a visitor moving the map for a minute asks for a hundred or more. Its own budget, five times
  // the searches', keeps them from using up each other (decision 0039); a view costs the database
  // a few hundred rows of the map's cells (migration 0023) when it has no filter but the purpose.
  map: { ip: { max: 300, windowMs: MINUTE } },
  // Issue 40: the sitemap's pieces, which crawlers read through the site server (not counted).
  sitemap: { ip: { max: 30, windowMs: 10 * MINUTE } },
};

type Checker = (request: FastifyRequest, opts?: { increment: boolean }) => Promise<{ isAllowed: boolean; isExceeded?: boolean; remaining?: number; ttlInSeconds?: number }>;

/** The answer past a limit: searches say what to do in their own words, every other call the common one. */
const REFUSALS: Partial<Record<string, string>> = { 'search:ip': MSG.busquedasPorCliente, 'map:ip': MSG.busquedasPorCliente };

function refuse(request: FastifyRequest, reply: FastifyReply, what: string, ttlSeconds: number): never {
  reply.header('retry-after', String(Math.max(1, ttlSeconds)));
  request.log.warn({ limit: what, ip: request.ip }, 'límite de intentos alcanzado');
  throw new HttpError(429, REFUSALS[what] ?? MSG.tooManyRequests);
}

async function ratePolicyPlugin(app: FastifyInstance, opts: { limits?: Partial<RateLimitSettings> }) {
  const limits: RateLimitSettings = { ...RATE_LIMITS, ...opts.limits };
  const scale = app.config.rateLimitScale ?? 1;
  const counter = (name: string, limit: Limit, key: (req: FastifyRequest) => string): Checker =>
    app.createRateLimit({ max: limit.max * scale, timeWindow: limit.windowMs, keyGenerator: (req) => `${name}:${key(req)}` }) as Checker;
  /** Counts the request; refuses it when over the limit. */
  const take = async (check: Checker, request: FastifyRequest, reply: FastifyReply, what: string) => {
    const r = await check(request);
    if (!r.isAllowed && r.isExceeded) refuse(request, reply, what, r.ttlInSeconds ?? 1);
  };
  const client = (req: FastifyRequest) => clientKey(req.ip);

  app.decorate('limitAttempts', (kind: AttemptKind) => {
    const byClient = counter(`${kind}:ip`, limits[kind].ip, client);
    const byEmail = counter(`${kind}:email`, limits[kind].email, (req) => String(emailKey(req.body)));
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await take(byClient, request, reply, `${kind}:ip`);
      if (emailKey(request.body)) await take(byEmail, request, reply, `${kind}:email`);
    };
  });

  const login = limits.login;
  const loginByClient = counter('login:ip', login.ip, client);
  const failuresByEmailClient = counter('login:fail:email-ip', login.emailIp, (req) => `${emailKey(req.body)}|${client(req)}`);
  const failuresByEmail = counter('login:fail:email', login.email, (req) => String(emailKey(req.body)));
  /** How many failures a counter holds now, without adding one. */
  const failures = async (check: Checker, limit: Limit, request: FastifyRequest) => {
    const r = await check(request, { increment: false });
    return { count: limit.max * scale - (r.remaining ?? 0), ttl: r.ttlInSeconds ?? 1 };
  };
  app.decorate('loginGuard', {
    async check(request: FastifyRequest, reply: FastifyReply) {
      await take(loginByClient, request, reply, 'login:ip');
      if (!emailKey(request.body)) return;
      const mine = await failures(failuresByEmailClient, login.emailIp, request);
      if (mine.count >= login.emailIp.max * scale) refuse(request, reply, 'login:email-ip', mine.ttl);
      const all = await failures(failuresByEmail, login.email, request);
      if (all.count >= login.email.max * scale && mine.count > 0) refuse(request, reply, 'login:email', all.ttl);
      const over = all.count - login.delay.afterFailures * scale;
      if (over >= 0) {
        const wait = Math.min(login.delay.maxMs, login.delay.baseMs * 2 ** Math.min(over, 16));
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
    async failed(request: FastifyRequest) {
      if (!emailKey(request.body)) return;
      await failuresByEmailClient(request);
      await failuresByEmail(request);
    },
  });

  const siteKey = app.config.siteApiKey;
  // Without it a deployed site server's calls count as one client's, and its pages of searches
  // the cache cannot answer run into the search limit under load (docs/deployment.md).
  if (!siteKey && !isLocalSite(app.config.publicSiteUrl)) app.log.warn('SITE_API_KEY sin definir: las llamadas del servidor del sitio cuentan como las de un cliente más');
  const isSiteServer = (request: FastifyRequest) => siteKeyMatches(request.headers[SITE_KEY_HEADER], siteKey);
  const decorators = { contact: 'limitContact', geocode: 'limitGeocode', report: 'limitReport', view: 'limitView', search: 'limitSearch', map: 'limitMap', sitemap: 'limitSitemap' } as const;
  const siteServerFree = new Set<ClientKind>(['search', 'sitemap']);
  for (const kind of ['contact', 'geocode', 'report', 'view', 'search', 'map', 'sitemap'] as const) {
    const byClient = counter(`${kind}:ip`, limits[kind].ip, client);
    app.decorate(decorators[kind], async (request: FastifyRequest, reply: FastifyReply) => {
      if (siteServerFree.has(kind) && isSiteServer(request)) return;
      await take(byClient, request, reply, `${kind}:ip`);
    });
  }

  const publishByUser = counter('publish:user', limits.publish.user, (req) => String(req.user?.id));
  const publishByClient = counter('publish:ip', limits.publish.ip, client);
  /** After authenticate, on `POST /anuncio` and `PUT /anuncio/:id` alike: per user, then per client. */
  app.decorate('limitPublish', async (request: FastifyRequest, reply: FastifyReply) => {
    await take(publishByUser, request, reply, 'publish:user');
    await take(publishByClient, request, reply, 'publish:ip');
  });
  const inviteByUser = counter('invite:user', limits.invite.user, (req) => String(req.user?.id));
  const inviteByClient = counter('invite:ip', limits.invite.ip, client);
  /** After authenticate, on `POST /miInmobiliaria/invitaciones`: per user, then per client. */
  app.decorate('limitInvite', async (request: FastifyRequest, reply: FastifyReply) => {
    await take(inviteByUser, request, reply, 'invite:user');
    await take(inviteByClient, request, reply, 'invite:ip');
  });
  app.decorate('uploadsInProgress', userTurns());
}

/**
 * One turn per user: an upload holds its user's turn from before its body is read until its photos
 * are stored or refused. Memory and CPU are this process's, so the turn is too (counters that
 * must hold across instances, the per-user and per-client budgets, live in the database).
 */
export interface UserTurns {
  /** False when the user already holds a turn. */
  claim(userId: string): boolean;
  release(userId: string): void;
}

function userTurns(): UserTurns {
  const holding = new Set<string>();
  return {
    claim(userId) {
      if (holding.has(userId)) return false;
      holding.add(userId);
      return true;
    },
    release(userId) {
      holding.delete(userId);
    },
  };
}

export default fp(ratePolicyPlugin, { name: 'rate-limit-policy', fastify: '5.x', dependencies: ['config', 'rate-limits'] });
