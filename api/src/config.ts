/**
 * The API's configuration: environment variables parsed once at start with zod. A bad value stops
 * the process with the names of every variable at fault, rather than failing later mid-request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { z } from 'zod';
import { APPROVAL_IMMUNITY_DAYS_DEFAULT, LISTING_TTL_DAYS_DEFAULT, REPORTS_TO_HOLD_DEFAULT, WEB_APPS, shutdownGraceMs } from 'shared-contracts';
import { isSingleEmail } from 'shared-contracts/schemas';
import { photoEnvSchema, photoSettingsOf, type PhotoSettings } from './photos/photo-config';

function isAddressOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length || !net.isIP(address)) return false;
  if (prefix === undefined) return true;
  const max = net.isIPv4(address) ? 32 : 128;
  return /^\d+$/.test(prefix) && Number(prefix) <= max;
}

// the web apps' dev and standalone servers (shared-contracts/src/web-apps.js)
const DEV_ORIGINS = WEB_APPS.flatMap(({ devPort }) => [`http://localhost:${devPort}`, `http://127.0.0.1:${devPort}`]);

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

/** A yes/no variable whose default depends on another (SEED_DEMO on NODE_ENV): undefined when unset. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

const url = z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''));

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_SITE_URL: url.default('http://localhost:3000'),
  PUBLIC_API_URL: url.default('http://localhost:4000'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(90 * 24 * 3600).default(7 * 24 * 3600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('InmueblesRD <no-reply@inmueblesrd.do>'),
  CORS_ORIGINS: z.string().optional(),
  USD_DOP_RATE: z.coerce.number().positive().max(10000).default(60),
  STATS_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** Issue 45: on by default, except with NODE_ENV=production (a fresh production database must not get 300 fake listings). */
  SEED_DEMO: optionalBool,
  /** Issue 45: false when the release pipeline runs `npm run db:migrate` before starting the instances. */
  MIGRATE_ON_START: bool(true),
  /** Issue 45: the bearer token /metrics asks for on the API and the site server (docs/deployment.md). */
  METRICS_TOKEN: z.string().min(24, 'must have at least 24 characters').optional().or(z.literal('').transform(() => undefined)),
  GEOCODER_URL: url.optional().or(z.literal('').transform(() => undefined)),
  /**
   * Which proxies' X-Forwarded-For to believe: a hop count (1 = the nearest proxy) or a list of
   * proxy addresses/CIDRs. "true" (trust every hop) is refused: any client could then pick the
   * address its attempts are counted under.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim();
      if (['', 'false', '0', 'no'].includes(value)) return false as const;
      if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
      const list = value.split(',').map((s) => s.trim()).filter(Boolean);
      if (list.length && list.every(isAddressOrCidr)) return list;
      ctx.addIssue({ code: 'custom', message: 'usa el número de proxies delante de la API (p. ej. 1) o sus direcciones separadas por comas; "true" confiaría en cualquier salto' });
      return z.NEVER;
    }),
  /** Multiplies every rate limit's maximum (test environments that sign up many users from one IP). */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(10000).default(1),
  /** Days an owner's active listing stays up after publication or renewal (issue 20). */
  LISTING_TTL_DAYS: z.coerce.number().int().min(8).max(3650).default(LISTING_TTL_DAYS_DEFAULT),
  /** Issue 23: accounts whose email is listed are moderators (comma separated). */
  MODERATOR_EMAILS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
      const bad = list.filter((e) => !isSingleEmail(e));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `no son direcciones de email: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return list;
    }),
  /** Issues 23 and 40: reporters with standing, from as many networks, within 7 days that put a listing on hold. */
  REPORTS_TO_HOLD: z.coerce.number().int().min(1).max(1000).default(REPORTS_TO_HOLD_DEFAULT),
  /** Issue 40: days after a moderator's approval during which reports do not hold the listing again (0: none). */
  APPROVAL_IMMUNITY_DAYS: z.coerce.number().int().min(0).max(365).default(APPROVAL_IMMUNITY_DAYS_DEFAULT),
  /**
   * `1` adds the browser tests' routes (move the API's clock, run the jobs now). Only "1" (or "0"):
   * "true" or "yes" is refused rather than guessed. Never in production (checked in loadConfig).
   */
  PORTAL_TEST_ROUTES: z
    .enum(['1', '0', ''], { error: 'solo "1" activa las rutas de prueba ("0" o sin definir: desactivadas)' })
    .optional()
    .transform((v) => v === '1'),
  /**
   * Issue 40: the secret the site server sends with its server-rendering and sitemap calls
   * (SITE_KEY_HEADER), so they are not counted as one client's; unset = no call is the site server's.
   */
  SITE_API_KEY: z.string().min(32, 'must have at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  /** Decision 0025: `1` serves GET /openapi.json and /docs in production too (they are always on outside it). */
  API_DOCS: z
    .enum(['1', '0', ''], { error: 'solo "1" activa la documentación en producción ("0" o sin definir: desactivada)' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Issue 45: PHOTOS_S3_* and PHOTOS_BASE_URL (photos/photo-config.ts). */
  ...photoEnvSchema.shape,
});

export interface Config {
  port: number;
  host: string;
  publicSiteUrl: string;
  publicApiUrl: string;
  /** Absolute path. */
  dataDir: string;
  /** Unset: embedded PGlite under dataDir/pglite. */
  databaseUrl?: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** Unset: .eml files in dataDir/outbox. */
  smtpUrl?: string;
  mailFrom: string;
  corsOrigins: string[];
  usdDopRate: number;
  /** How often the buffered detail views are written (issue 21). */
  statsFlushMs: number;
  seedDemo: boolean;
  geocoderUrl?: string;
  /** false, a hop count, or proxy addresses/CIDRs (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  logLevel: string;
  rateLimitScale: number;
  listingTtlDays: number;
  /** Test-only routes (PORTAL_TEST_ROUTES=1). */
  testRoutes: boolean;
  /** Lowercased emails of the moderators (issue 23). */
  moderatorEmails: string[];
  reportsToHold: number;
  /** Issue 40: days an approval protects a listing from automatic holds. */
  approvalImmunityDays: number;
  /** Issue 40: the site server's key (SITE_API_KEY); unset = no request is the site server's. */
  siteApiKey?: string;
  /** Issue 45: the photos' bucket (unset: DATA_DIR/photos) and URL base (photos/photo-config.ts). */
  photos: PhotoSettings;
  /** What precedes `/photos/<key>` in photo URLs: PHOTOS_BASE_URL, else PUBLIC_API_URL. */
  photosBaseUrl: string;
  /** Decision 0025: GET /openapi.json and /docs; off in production unless API_DOCS=1, and wherever API_DOCS=0 (unset: on). */
  apiDocs?: boolean;
  /** Issue 45: the bearer token of /metrics; unset = only a loopback client of a local site (ops/metrics.ts). */
  metricsToken?: string;
  /** Issue 45: apply pending migrations at start (default true; `npm run db:migrate` is the release step). */
  migrateOnStart?: boolean;
  /** Issue 45: after SIGTERM, ms of serving with /readyz 503 before the close (SHUTDOWN_GRACE_MS; shared-contracts' rule). */
  shutdownGraceMs?: number;
}

export class ConfigError extends Error {}

/** A site on this machine (development, a local trial): dev CORS origins and outbox links in the log. */
export function isLocalSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/**
 * Embedded PGlite only (one process): the secret is kept in the data directory so tokens survive restarts; it is generated once with
 * 32 random bytes and is readable by the owner only.
 */
function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** `tool`: a command-line tool (feeds import), which signs no tokens and so needs no shared secret. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd(), opts: { tool?: boolean } = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración no válida: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  // Several instances on one PostgreSQL must sign and check tokens with the same secret: one
  // generated into a data directory would differ per machine (docs/deployment.md).
  if (e.DATABASE_URL && !e.JWT_SECRET && !opts.tool) {
    throw new ConfigError('Configuración no válida: JWT_SECRET: obligatorio cuando DATABASE_URL está definido (todas las instancias deben compartir el mismo secreto)');
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const extra = (e.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  // The dev servers' origins only when the site itself is local (issue 19): a deployed API must not
  // answer pages served from someone's localhost.
  const devOrigins = e.CORS_ORIGINS === undefined && isLocalSite(e.PUBLIC_SITE_URL) ? DEV_ORIGINS : [];
  const corsOrigins = [...new Set([e.PUBLIC_SITE_URL, ...extra, ...devOrigins])];
  // In production mail must really leave: an outbox nobody reads would swallow every confirmation.
  if (env.NODE_ENV === 'production' && !e.SMTP_URL && !['1', 'true'].includes(env.MAIL_OUTBOX ?? '')) {
    throw new ConfigError('Configuración no válida: SMTP_URL: en producción (NODE_ENV=production) hace falta un servidor de correo; MAIL_OUTBOX=1 guarda los correos en DATA_DIR/outbox a propósito');
  }
  // Issue 40: the test routes move the API's clock and run jobs on demand; a public API must not have them.
  if (e.PORTAL_TEST_ROUTES && (env.NODE_ENV === 'production' || !isLocalSite(e.PUBLIC_SITE_URL))) {
    throw new ConfigError(
      'Configuración no válida: PORTAL_TEST_ROUTES: las rutas de prueba son solo para las pruebas del navegador en esta máquina; no se activan con NODE_ENV=production ni con un PUBLIC_SITE_URL que no sea local',
    );
  }
  const photos = photoSettingsOf(e);
  if (typeof photos === 'string') throw new ConfigError(`Configuración no válida: ${photos}`);
  let graceMs: number;
  try {
    graceMs = shutdownGraceMs(env);
  } catch (err) {
    throw new ConfigError(`Configuración no válida: ${(err as Error).message}`);
  }
  return {
    port: e.API_PORT,
    host: e.HOST,
    publicSiteUrl: e.PUBLIC_SITE_URL,
    publicApiUrl: e.PUBLIC_API_URL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? dataDirSecret(dataDir),
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins,
    usdDopRate: e.USD_DOP_RATE,
    statsFlushMs: e.STATS_FLUSH_MS,
    seedDemo: e.SEED_DEMO ?? env.NODE_ENV !== 'production',
    geocoderUrl: e.GEOCODER_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    listingTtlDays: e.LISTING_TTL_DAYS,
    testRoutes: e.PORTAL_TEST_ROUTES,
    moderatorEmails: e.MODERATOR_EMAILS,
    reportsToHold: e.REPORTS_TO_HOLD,
    approvalImmunityDays: e.APPROVAL_IMMUNITY_DAYS,
    siteApiKey: e.SITE_API_KEY,
    photos,
    photosBaseUrl: photos.baseUrl ?? e.PUBLIC_API_URL,
    apiDocs: e.API_DOCS === '1' || (env.NODE_ENV !== 'production' && e.API_DOCS !== '0'),
    metricsToken: e.METRICS_TOKEN,
    migrateOnStart: e.MIGRATE_ON_START,
    shutdownGraceMs: graceMs,
  };
}
