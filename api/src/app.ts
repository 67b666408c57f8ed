/**
 * The whole API as one plugin tree, registered here and nowhere else. `buildApp` is what the
 * server boots and what every test builds: cross-cutting plugins first (config, errors, security,
 * db, auth, mail, limits, storage, search, view stats), then one plugin per route group, then —
 * for the server process only (`background`) — the jobs it runs besides requests
 * (src/background/). Each plugin owns its close (an onClose hook); see api/README.md.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { SITE_KEY_HEADER } from 'shared-contracts';
import { healthResponseSchema } from 'shared-contracts/responses';
import './fastify-types';
import type { Config } from './config';
import { systemClock, type Clock } from './clock';
import type { Database } from './db/client';
import type { PhotoStorage } from './photos';
import configPlugin from './plugins/config';
import drainConnections from './plugins/drain-connections';
import errorHandler from './plugins/error-handler';
import security from './plugins/security';
import openapi from './plugins/openapi';
import dbPlugin from './plugins/db';
import auth from './plugins/auth';
import mail from './plugins/mail';
import rateLimits from './plugins/rate-limits';
import ratePolicy, { type RateLimitSettings } from './plugins/rate-limit-policy';
import storage from './plugins/storage';
import search from './plugins/search';
import viewStats from './plugins/view-stats';
import dataDir from './plugins/data-dir';
import background, { type BackgroundOptions } from './background';
import type { CountLimits } from './search';
import type { WorkQueueOptions } from './db/work-queue';
import type { ViewLimits } from './anuncios/view-counter';
import accountRoutes from './accounts/account-routes';
import planRoutes from './accounts/plan-routes';
import anuncioRoutes from './anuncios/anuncio-routes';
import publishRoutes from './anuncios/publish-routes';
import ownRoutes from './anuncios/own-routes';
import editRoutes from './anuncios/edit-routes';
import statusRoutes from './anuncios/status-routes';
import testRoutes, { offsetClock } from './test-routes';
import contactRoutes from './anuncios/contact-routes';
import reportRoutes from './anuncios/report-routes';
import moderationRoutes from './moderation/moderation-routes';
import viewRoutes from './anuncios/view-routes';
import mapaRoutes from './anuncios/mapa-routes';
import favoritoRoutes from './favoritos/favorito-routes';
import busquedaRoutes from './busquedas/busqueda-routes';
import geocoderRoutes from './geocoder/geocoder-routes';
import photoRoutes from './photos/photo-routes';
import sitemapRoutes from './sitemap/sitemap-routes';
import lugaresRoutes from './lugares/lugares-routes';
import agenciasRoutes from './agencies/agencias-routes';
import agencyAccountRoutes from './agencies/agency-account-routes';
// issue 45: request ids, liveness and readiness, metrics (src/ops/)
import requestId, { requestIdOf } from './ops/request-id';
import health from './ops/health';
import metrics from './ops/metrics';
import type { PhaseTracker } from './ops/phase';

export interface AppOptions {
  /** An open database (tests, scripts); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  clock?: Clock;
  storage?: PhotoStorage;
  rateLimits?: Partial<RateLimitSettings>;
  /** A smaller bound of a publish or edit body (tests of the bound). */
  publishMaxBodyBytes?: number;
  /** false silences the logger (tests). */
  logger?: boolean;
  /** Overrides when counts turn to estimates (the estimate test uses a small table). */
  countLimits?: Partial<CountLimits>;
  /** Overrides the search queue's bounds (the overload test makes them tiny). */
  searchQueue?: Partial<WorkQueueOptions>;
  /** Overrides the per-listing daily bound of counted views (the test of the bound makes it small). */
  viewLimits?: Partial<ViewLimits>;
  /** Where the log goes instead of stdout (tests that read what the log holds). */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is registered (the security suite checks each one's protection). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The server process (server.ts) only: it holds DATA_DIR (lock, pid file) and runs the
   * background jobs (src/background/), which start as the app gets ready. Unset in tests and scripts.
   */
  background?: BackgroundOptions;
  /** The process's phase (server.ts shares it with its start-up listener); a new one otherwise. */
  phase?: PhaseTracker;
}

/** Keys whose values never reach the logs. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'newPassword',
  'token',
  '*.password',
  '*.newPassword',
  '*.token',
  'body.password',
  'body.newPassword',
  'body.token',
  // issue 40: the site server's key (SITE_API_KEY)
  `req.headers["${SITE_KEY_HEADER}"]`,
];

/**
 * Slow clients: headers must arrive within 10 s and a whole request (a 30-photo upload on a slow
 * mobile link included) within 2 minutes; a connection silent for a minute is closed. Node checks
 * the header and request deadlines every second rather than its default 30.
 */
export const SERVER_TIMEOUTS = { headersMs: 10_000, requestMs: 120_000, idleMs: 60_000, checkIntervalMs: 1_000 } as const;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: { paths: LOG_REDACT, censor: '[oculto]' }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // A hop count as proxy-addr reads it (the n nearest hops are proxies), or the proxies' addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: SERVER_TIMEOUTS.idleMs,
    requestTimeout: SERVER_TIMEOUTS.requestMs,
    http: { headersTimeout: SERVER_TIMEOUTS.headersMs, connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs },
    // the caller's X-Request-Id when it is a safe token, else a new UUID (ops/request-id.ts)
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Closing the server answers new requests with 503 while in-flight ones finish.
    return503OnClosing: true,
    // The server's start-up work (migrations, the demo seed under a loaded machine) takes as long as it takes.
    // Without the server's jobs (tests, tools) a plugin still gets a minute, not Fastify's 10 s:
    // opening an embedded database on disk took 6-7 s on a loaded 2-core machine.
    pluginTimeout: opts.background ? 0 : 60_000,
  });

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // Closing never waits on idle or unused connections (see the plugin: the SIGTERM exit 1).
  await app.register(drainConnections);
  // The browser tests move the API's clock through a test route (issue 20); nothing else can, and
  // it moves no credential or limit: those run on the real clock (issue 40).
  const realClock = opts.clock ?? systemClock;
  const testClock = config.testRoutes && !opts.clock ? offsetClock(systemClock) : null;
  await app.register(configPlugin, { config, clock: testClock ?? realClock, realClock });
  await app.register(requestId);
  await app.register(metrics);
  if (testClock) app.log.warn('PORTAL_TEST_ROUTES=1: rutas de prueba activas (POST /__test/clock, /__test/expiry, /__test/alerts); solo para las pruebas del navegador, nunca en producción');
  // Before the database opens: a second process on an embedded DATA_DIR stops here (DataDirLockedError).
  if (opts.background) await app.register(dataDir);
  await app.register(errorHandler);
  await app.register(security);
  // Route schemas (validation) and, unless off in production, the OpenAPI document and /docs.
  await app.register(openapi);
  // After the document's plugin, which lists only the routes registered after it.
  await app.register(health, { phase: opts.phase });
  await app.register(dbPlugin, { database: opts.database });
  await app.register(auth);
  await app.register(mail);
  await app.register(rateLimits);
  await app.register(ratePolicy, { limits: opts.rateLimits });
  await app.register(storage, { storage: opts.storage });
  await app.register(search, { queue: opts.searchQueue });
  await app.register(viewStats, { limits: opts.viewLimits });

  app.get('/health', { schema: { tags: ['Estado'], response: { 200: healthResponseSchema } } }, async () => {
    await app.database.db.execute('select 1');
    return { status: 'ok', engine: app.database.engine };
  });
  await app.register(accountRoutes);
  await app.register(planRoutes);
  await app.register(anuncioRoutes, { countLimits: opts.countLimits });
  await app.register(ownRoutes);
  await app.register(contactRoutes);
  await app.register(viewRoutes);
  await app.register(mapaRoutes);
  await app.register(publishRoutes, { maxBodyBytes: opts.publishMaxBodyBytes });
  await app.register(editRoutes, { maxBodyBytes: opts.publishMaxBodyBytes });
  await app.register(statusRoutes);
  await app.register(reportRoutes);
  await app.register(moderationRoutes);
  await app.register(favoritoRoutes);
  await app.register(busquedaRoutes);
  if (testClock) await app.register(testRoutes, { clock: testClock });
  await app.register(geocoderRoutes, { geocoderUrl: config.geocoderUrl, limit: app.limitGeocode, now: app.clock.now });
  await app.register(photoRoutes, { storage: app.photoStorage });
  await app.register(sitemapRoutes);
  await app.register(lugaresRoutes);
  await app.register(agenciasRoutes);
  await app.register(agencyAccountRoutes);
  // Last: onClose hooks run last-registered first, so each job stops before anything it uses closes.
  if (opts.background) await app.register(background, opts.background);
  return app;
}
