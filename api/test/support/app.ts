/**
 * Builds the real app for a test: a test database, a movable clock, a temporary data directory.
 * `setupMailApp` registers the set-up most suites share (the app and an SMTP receiver it sends to).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app';
import type { Config } from '../../src/config';
import type { Engine } from '../../src/db/client';
import { openTestDatabase, type TestDatabase } from './engines';
import { startSmtp, type SmtpReceiver } from './smtp';

export class ManualClock {
  constructor(public ms = Date.UTC(2025, 0, 15, 12, 0, 0)) {}
  now = () => this.ms;
  advance(ms: number) {
    this.ms += ms;
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    publicSiteUrl: 'http://site.test',
    publicApiUrl: 'http://api.test',
    dataDir,
    jwtSecret: 'test-secret-0123456789abcdef0123456789abcdef',
    jwtTtlSeconds: 7 * 24 * 3600,
    mailFrom: 'InmueblesRD <no-reply@inmueblesrd.do>',
    corsOrigins: ['http://site.test'],
    usdDopRate: 60,
    statsFlushMs: 60_000,
    seedDemo: false,
    trustProxy: false,
    logLevel: 'silent',
    rateLimitScale: 1,
    listingTtlDays: 90,
    testRoutes: false,
    moderatorEmails: [],
    reportsToHold: 3,
    approvalImmunityDays: 30,
    photos: {},
    photosBaseUrl: 'http://api.test',
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  testDb: TestDatabase;
  /** Base URL of the listening app. */
  url: string;
  close(): Promise<void>;
}

export async function startTestApp(engine: Engine, overrides: Partial<Config> = {}, opts: AppOptions = {}): Promise<TestApp> {
  const testDb = await openTestDatabase(engine);
  const clock = new ManualClock();
  const config = testConfig(overrides);
  const app = await buildApp(config, { logger: false, clock, database: testDb.database, ...opts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    clock,
    config,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another API instance beside `t` (issue 18's several instances): the same database, data
 * directory and clock, its own process-local state (caches, the one-upload-per-user turns).
 */
export async function startSiblingApp(t: TestApp, opts: AppOptions = {}): Promise<{ app: FastifyInstance; url: string; close(): Promise<void> }> {
  const app = await buildApp(t.config, { logger: false, clock: t.clock, database: t.testDb.database, ...opts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * A handle usable before its object exists: every property read goes to what `bind` was given
 * (the suites' beforeAll starts things after the tests' closures have captured the handle).
 */
function lateBound<T extends object>(what: string): { handle: T; bind(value: T): void } {
  let target: T | null = null;
  const current = (): T => {
    if (!target) throw new Error(`${what} is used before beforeAll has started it`);
    return target;
  };
  const handle = new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(current(), key);
      return found && { ...found, configurable: true };
    },
  });
  return { handle, bind: (value) => (target = value) };
}

/**
 * Registers a suite's beforeAll/afterAll: a real SMTP receiver, then the app on `engine` sending
 * to it (`smtpUrl` set, `overrides` and `opts` as for startTestApp); both closed after the suite.
 * The returned `t` and `smtp` may be captured at once and used from the first test on.
 */
export function setupMailApp(engine: Engine, overrides: Partial<Config> = {}, opts: AppOptions = {}): { t: TestApp; smtp: SmtpReceiver } {
  const t = lateBound<TestApp>('the test app');
  const smtp = lateBound<SmtpReceiver>('the SMTP receiver');
  let app: TestApp | null = null;
  let receiver: SmtpReceiver | null = null;
  beforeAll(async () => {
    receiver = await startSmtp();
    smtp.bind(receiver);
    app = await startTestApp(engine, { smtpUrl: receiver.url, ...overrides }, opts);
    t.bind(app);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });
  return { t: t.handle, smtp: smtp.handle };
}
