/** The decorators the plugins add, typed once for every route file. */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { UserRow } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { PhotoStorage } from './photos';
import type { SearchCache, SearchChanges } from './search';
import type { WorkQueue } from './db/work-queue';
import type { ViewCounter } from './anuncios/view-counter';
import type { AttemptKind, UserTurns } from './plugins/rate-limit-policy';
import type { ApiMetrics } from './ops/metrics';
import type { PhaseTracker } from './ops/phase';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Listings, jobs, statistics: the browser tests' route may move it (clock.ts). */
    clock: Clock;
    /** Token and link expiry, rate-limit windows: never moved by a route (clock.ts, issue 40). */
    realClock: Clock;
    database: Database;
    db: Db;
    mailer: Mailer;
    photoStorage: PhotoStorage;
    searchCache: SearchCache;
    /** Invalidates the search caches of this and every other instance after a write. */
    searchChanges: SearchChanges;
    /** The bounded queue every search's database work waits in (overload → 503). */
    searchQueue: WorkQueue;
    /** Guard (run as preValidation, before the route schema, decision 0025): 401 unless the bearer token is valid; sets request.user. */
    authenticate: preHandlerAsyncHookHandler;
    signToken(user: Pick<UserRow, 'id' | 'tokenVersion'>): string;
    /** Issue 23: the account's email is in MODERATOR_EMAILS. */
    isModerator(user: Pick<UserRow, 'email'>): boolean;
    /** Guard (preValidation): per-client and per-email attempt limits of one kind of call. */
    limitAttempts(kind: AttemptKind): preHandlerAsyncHookHandler;
    /** Login: `check` before verifying (per client; per account failures; progressive delay), `failed` after a wrong password. */
    loginGuard: { check(request: FastifyRequest, reply: FastifyReply): Promise<void>; failed(request: FastifyRequest): Promise<void> };
    /** Guards (preValidation): per-client limits of contact reveals and geocoder lookups. */
    limitContact: preHandlerAsyncHookHandler;
    limitGeocode: preHandlerAsyncHookHandler;
    /** Guard (preValidation): per-client limit of listing reports (issue 23). */
    limitReport: preHandlerAsyncHookHandler;
    /** Issue 40, per client: detail views; searches the cache cannot answer and the sitemap (not the site server's). */
    limitView: preHandlerAsyncHookHandler;
    limitSearch: preHandlerAsyncHookHandler;
    /** Issue 44: map views, a budget of their own (decision 0039). */
    limitMap: preHandlerAsyncHookHandler;
    limitSitemap: preHandlerAsyncHookHandler;
    /** preHandler: 401 without a valid token, 403 unless the account is a moderator (issue 23). */
    requireModerator: preHandlerAsyncHookHandler;
    /** preHandler after authenticate: publishes and edits (one budget) per user and per client. */
    limitPublish: preHandlerAsyncHookHandler;
    /** Issue 46: an agency administrator's invitations, per user then per client. */
    limitInvite: preHandlerAsyncHookHandler;
    /** One upload (publish or edit) at a time per user on this instance (issue 40). */
    uploadsInProgress: UserTurns;
    /** Detail views, one per client, listing and day on every instance, written in batches (issues 21, 40). */
    viewCounter: ViewCounter;
    /** Issue 45: the app's Prometheus registry and the counters the parts report to (ops/metrics.ts; `metrics` is fastify-metrics'). */
    telemetry: ApiMetrics;
    /** Issue 45: starting, migrating, ready or closing (ops/phase.ts), read by /readyz. */
    phase: PhaseTracker;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
}
