/** Environment parsing: defaults, fail-fast naming the bad variables, the generated JWT secret. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-config-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('defaults', () => {
    const c = loadConfig({}, dir);
    expect(c).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      publicSiteUrl: 'http://localhost:3000',
      publicApiUrl: 'http://localhost:4000',
      dataDir: path.join(dir, 'data'),
      databaseUrl: undefined,
      jwtTtlSeconds: 604800,
      smtpUrl: undefined,
      mailFrom: 'InmueblesRD <no-reply@inmueblesrd.do>',
      usdDopRate: 60,
      seedDemo: true,
      geocoderUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(c.corsOrigins).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://localhost:3004', 'http://127.0.0.1:3002']));
  });

  test('issue 45: photos on disk by default, in a bucket with PHOTOS_S3_*, URLs on PHOTOS_BASE_URL; half a bucket stops the start', () => {
    expect(loadConfig({}, dir)).toMatchObject({ photos: { baseUrl: undefined }, photosBaseUrl: 'http://localhost:4000' });
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.example', PHOTOS_BASE_URL: 'https://cdn.example/' }, dir).photosBaseUrl).toBe('https://cdn.example');
    const bucket = loadConfig({ PHOTOS_S3_BUCKET: 'fotos-rd', PHOTOS_S3_ENDPOINT: 'http://minio:9000', PHOTOS_S3_FORCE_PATH_STYLE: 'true', PHOTOS_S3_ACCESS_KEY_ID: 'k', PHOTOS_S3_SECRET_ACCESS_KEY: 's' }, dir);
    expect(bucket.photos.s3).toEqual({ bucket: 'fotos-rd', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
    expect(loadConfig({ PHOTOS_S3_BUCKET: 'fotos-rd', PHOTOS_S3_REGION: 'auto' }, dir).photos.s3).toMatchObject({ region: 'auto', forcePathStyle: false, credentials: undefined });
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env, dir);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ PHOTOS_S3_ENDPOINT: 'http://minio:9000' })).toContain('PHOTOS_S3_BUCKET: obligatorio');
    expect(refused({ PHOTOS_S3_BUCKET: 'fotos-rd', PHOTOS_S3_SECRET_ACCESS_KEY: 's' })).toContain('PHOTOS_S3_ACCESS_KEY_ID y PHOTOS_S3_SECRET_ACCESS_KEY');
    expect(refused({ PHOTOS_S3_BUCKET: 'Fotos_RD' })).toContain('PHOTOS_S3_BUCKET');
    expect(refused({ PHOTOS_BASE_URL: 'javascript:alert(1)' })).toContain('PHOTOS_BASE_URL');
  });

  test('the generated JWT secret is 32 random bytes kept in DATA_DIR with mode 0600, and reused', () => {
    const a = loadConfig({}, dir);
    const file = path.join(dir, 'data', 'jwt-secret');
    expect(a.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({}, dir).jwtSecret).toBe(a.jwtSecret);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }, dir).jwtSecret).toBe('x'.repeat(40));
  });

  test('with DATABASE_URL (several instances) JWT_SECRET is required, except for command-line tools', () => {
    const env = { DATABASE_URL: 'postgres://u:p@db:5432/app' };
    expect(() => loadConfig(env, dir)).toThrow(/JWT_SECRET: obligatorio cuando DATABASE_URL está definido/);
    expect(fs.existsSync(path.join(dir, 'data', 'jwt-secret'))).toBe(false);
    expect(loadConfig(env, dir, { tool: true }).databaseUrl).toBe(env.DATABASE_URL);
    expect(loadConfig({ ...env, JWT_SECRET: 'k'.repeat(32) }, dir).jwtSecret).toBe('k'.repeat(32));
  });

  test('explicit values; CORS_ORIGINS replaces the dev origins', () => {
    const c = loadConfig(
      {
        API_PORT: '4100',
        PUBLIC_SITE_URL: 'https://inmueblesrd.do/',
        CORS_ORIGINS: 'https://www.inmueblesrd.do, https://admin.inmueblesrd.do',
        DATABASE_URL: 'postgres://u:p@db:5432/app',
        SMTP_URL: 'smtp://mail:25',
        SEED_DEMO: 'false',
        TRUST_PROXY: '1',
        USD_DOP_RATE: '58.5',
        DATA_DIR: '/var/lib/portal',
        JWT_SECRET: 's'.repeat(32),
      },
      dir,
    );
    expect(c).toMatchObject({ port: 4100, publicSiteUrl: 'https://inmueblesrd.do', seedDemo: false, trustProxy: 1, usdDopRate: 58.5, dataDir: '/var/lib/portal' });
    expect(c.corsOrigins).toEqual(['https://inmueblesrd.do', 'https://www.inmueblesrd.do', 'https://admin.inmueblesrd.do']);
  });

  test('TRUST_PROXY: a hop count or proxy addresses, never "every hop" (issue 19)', () => {
    expect(loadConfig({}, dir).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }, dir).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8' }, dir).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8']);
    for (const value of ['true', 'yes', '*', '10.0.0.1,nope', '10.0.0.0/33']) {
      expect(() => loadConfig({ TRUST_PROXY: value }, dir)).toThrow(/TRUST_PROXY/);
    }
  });

  test('MODERATOR_EMAILS and REPORTS_TO_HOLD (issue 23)', () => {
    expect(loadConfig({}, dir)).toMatchObject({ moderatorEmails: [], reportsToHold: 3 });
    expect(loadConfig({ MODERATOR_EMAILS: ' Ana@Example.com, luis@example.com ,', REPORTS_TO_HOLD: '5' }, dir)).toMatchObject({
      moderatorEmails: ['ana@example.com', 'luis@example.com'],
      reportsToHold: 5,
    });
    expect(() => loadConfig({ MODERATOR_EMAILS: 'ana@example.com; luis' }, dir)).toThrow(/MODERATOR_EMAILS/);
    expect(() => loadConfig({ REPORTS_TO_HOLD: '0' }, dir)).toThrow(/REPORTS_TO_HOLD/);
    expect(() => loadConfig({ REPORTS_TO_HOLD: 'tres' }, dir)).toThrow(/REPORTS_TO_HOLD/);
  });

  test('APPROVAL_IMMUNITY_DAYS (issue 40): 30 by default, 0 to 365', () => {
    expect(loadConfig({}, dir)).toMatchObject({ approvalImmunityDays: 30 });
    expect(loadConfig({ APPROVAL_IMMUNITY_DAYS: '0' }, dir)).toMatchObject({ approvalImmunityDays: 0 });
    expect(() => loadConfig({ APPROVAL_IMMUNITY_DAYS: '366' }, dir)).toThrow(/APPROVAL_IMMUNITY_DAYS/);
    expect(() => loadConfig({ APPROVAL_IMMUNITY_DAYS: 'un mes' }, dir)).toThrow(/APPROVAL_IMMUNITY_DAYS/);
  });

  test('bad values stop the start with the names of every variable at fault', () => {
    const bad = () => loadConfig({ API_PORT: 'cuatro', DATABASE_URL: 'mysql://x', JWT_SECRET: 'corto', SEED_DEMO: 'quizas', PUBLIC_SITE_URL: 'ftp://x' }, dir);
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      for (const name of ['API_PORT', 'DATABASE_URL', 'JWT_SECRET', 'SEED_DEMO', 'PUBLIC_SITE_URL']) expect((err as Error).message).toContain(name);
    }
  });
});
