/**
 * Prometheus metrics of one API app (issue 45; docs/decisions/0029-operations.md), on `GET /metrics`:
 * - per route and status, request durations (fastify-metrics: the route's pattern, never the raw
 *   address, so the label set stays bounded; unknown addresses count as `__unknown__`);
 * - Node's process figures (prom-client's default metrics, once per process: processMetrics);
 * - the search queue (active, waiting, rejected), the search cache (hits and misses by kind),
 *   the NOTIFY lag between instances, the PGlite thread's busy time, the background jobs (last
 *   run, duration, failures) and the mail (sent, failed): the parts count through `app.telemetry`.
 *
 * One registry per app, not prom-client's global one: tests build many apps in one process.
 * Access (metricsAccess): with METRICS_TOKEN, only `Authorization: Bearer <token>`; without one,
 * only a client on this machine (loopback peer) of a local site (the embedded default); otherwise
 * the route answers 404 as if absent.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import fastifyMetrics from 'fastify-metrics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client, { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MSG } from 'shared-contracts';
import { isLocalSite, type Config } from '../config';

export interface ApiMetrics {
  registry: Registry;
  cacheLookup(kind: string, hit: boolean): void;
  notifyLag(seconds: number): void;
  /** Wraps one run of a background job: last run time, duration, failure. */
  jobRun<T>(job: string, run: () => Promise<T>): Promise<T>;
  mail(ok: boolean): void;
}

/**
 * Node's process figures (CPU, memory, event loop lag, GC) are the process's, not an app's: one
 * registry for the process, collected once (each collection starts an event-loop monitor of its
 * own), merged with the app's registry at each scrape.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Compares digests, so neither the length nor the first differing byte shows in the timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

export type Access = 'allowed' | 'unauthorized' | 'hidden';

/** Who may read /metrics (see the header); the peer is the socket's, never X-Forwarded-For. */
export function metricsAccess(config: Pick<Config, 'metricsToken' | 'publicSiteUrl'>, authorization: string | undefined, peer: string | undefined): Access {
  if (config.metricsToken) {
    const m = /^Bearer ([^\s]+)$/.exec(authorization ?? '');
    return m && sameSecret(m[1]!, config.metricsToken) ? 'allowed' : 'unauthorized';
  }
  return isLocalSite(config.publicSiteUrl) && peer !== undefined && LOOPBACK.has(peer) ? 'allowed' : 'hidden';
}

function createApiMetrics(app: FastifyInstance, registry: Registry): ApiMetrics {
  const registers = [registry];
  const queue = () => (app.hasDecorator('searchQueue') ? app.searchQueue : null);
  new Gauge({ name: 'search_queue_active', help: 'Searches running on the database now', registers, collect() { this.set(queue()?.active ?? 0); } });
  new Gauge({ name: 'search_queue_waiting', help: 'Searches waiting in the bounded queue', registers, collect() { this.set(queue()?.queued ?? 0); } });
  let rejectedSeen = 0;
  new Counter({
    name: 'search_queue_rejected_total',
    help: 'Searches refused by the bounded queue (answered 503)',
    registers,
    collect() {
      const now = queue()?.rejected ?? 0;
      if (now > rejectedSeen) this.inc(now - rejectedSeen);
      rejectedSeen = now;
    },
  });
  let busySeen = 0;
  new Counter({
    name: 'pglite_thread_busy_seconds_total',
    help: 'Time the embedded database thread had work (0 on PostgreSQL)',
    registers,
    collect() {
      const ms = app.hasDecorator('database') ? (app.database.threadBusyMs?.() ?? 0) : 0;
      if (ms > busySeen) this.inc((ms - busySeen) / 1000);
      busySeen = ms;
    },
  });
  const lookups = new Counter({ name: 'search_cache_lookups_total', help: 'Search cache lookups by kind and result', labelNames: ['kind', 'result'], registers });
  const lag = new Histogram({ name: 'search_notify_lag_seconds', help: 'Time from another instance\'s NOTIFY to its arrival here', buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5], registers });
  // label `task`, not `job`: Prometheus gives `job` to the scrape target
  const lastRun = new Gauge({ name: 'background_job_last_run_timestamp_seconds', help: 'When each background job last finished (Unix time)', labelNames: ['task'], registers });
  const duration = new Histogram({ name: 'background_job_duration_seconds', help: 'Background job run durations', labelNames: ['task'], buckets: [0.01, 0.1, 1, 5, 30, 120, 600], registers });
  const failures = new Counter({ name: 'background_job_failures_total', help: 'Background job runs that failed', labelNames: ['task'], registers });
  const mails = new Counter({ name: 'mail_messages_total', help: 'Emails by result (sent, failed)', labelNames: ['result'], registers });
  for (const result of ['sent', 'failed']) mails.inc({ result }, 0);
  return {
    registry,
    cacheLookup: (kind, hit) => lookups.inc({ kind, result: hit ? 'hit' : 'miss' }),
    notifyLag: (seconds) => lag.observe(Math.max(0, seconds)),
    async jobRun(job, run) {
      const end = duration.startTimer({ task: job });
      try {
        return await run();
      } catch (err) {
        failures.inc({ task: job });
        throw err;
      } finally {
        end();
        lastRun.set({ task: job }, Date.now() / 1000);
      }
    },
    mail: (ok) => mails.inc({ result: ok ? 'sent' : 'failed' }),
  };
}

async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  await app.register(fastifyMetrics, {
    name: 'httpMetrics',
    endpoint: null,
    promClient: client,
    // the process's figures are collected once per process (processMetrics)
    defaultMetrics: { enabled: false },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: false,
      routeBlacklist: ['/metrics'],
      // (the summary is made even when disabled: into this registry too, never the global one)
      overrides: { histogram: { registers: [registry], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] }, summary: { registers: [registry] } },
    },
  });
  app.decorate('telemetry', createApiMetrics(app, registry));
  // Hidden from the OpenAPI document: an operator's route (Prometheus text), not the portal's API.
  app.get('/metrics', { config: { disableMetrics: true }, schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const access = metricsAccess(app.config, request.headers.authorization, request.socket.remoteAddress);
    // the app's own 404 and 401 answers (plugins/error-handler.ts, auth.ts)
    if (access === 'hidden') return reply.code(404).send({ error: MSG.notFound, message: 'Not Found' });
    if (access === 'unauthorized') return reply.code(401).header('www-authenticate', 'Bearer').send({ error: MSG.unauthorized });
    const merged = Registry.merge([processMetrics(), registry]);
    return reply.header('cache-control', 'no-store').type(merged.contentType).send(await merged.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics', fastify: '5.x', dependencies: ['config'] });
