/**
 * The operator's side: the feeds:import command (run as a real process on an embedded database
 * under a temporary DATA_DIR) and the server's scheduled imports of every configured partner.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { setFeed } from '../src/agencies/repository';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { startFeedScheduler } from '../src/feeds/scheduler';
import { engines } from './support/engines';
import { startTestApp, type TestApp } from './support/app';
import { post } from './support/http';
import { materializeFixtures, startFeedServer, type FeedServer } from './fixtures/feeds/support';

const API_DIR = path.resolve(__dirname, '..');
const run = promisify(execFile);

let server: FeedServer;
let fx: ReturnType<typeof materializeFixtures>;
beforeAll(async () => {
  server = await startFeedServer({ slowMs: 3000 });
  fx = materializeFixtures(server.host);
  server.routes.set('/feeds/tucasard.json', { type: 'application/json', body: fs.readFileSync(fx.file('tucasard.json')) });
});
afterAll(async () => {
  await server.close();
  fx.remove();
});

describe('feeds:import command', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feeds-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const cli = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/feeds/cli.ts', ...args], {
        cwd: API_DIR,
        // The fixture server is on 127.0.0.1: allowed by name, as an operator would (FEEDS_ALLOW_HOSTS).
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, FEEDS_ALLOW_HOSTS: server.host, ...env },
        timeout: 90_000,
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  test('imports one partner from a file, prints the report and logs it', async () => {
    const res = await cli(['--partner', 'hazim', '--file', fx.file('hazim-valid.xml')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('hazim');
    expect(res.stdout).toContain('creados: 4  actualizados: 0  sin cambios: 0  retirados: 0  rechazados: 1');
    expect(res.stdout).toContain(`rechazado h-103: latitude: La dirección debe estar en la República Dominicana`);
    expect(res.stdout).toMatch(/foto omitida h-101 .*missing\.jpg: el servidor respondió 404/);
    const log = fs.readFileSync(path.join(dataDir, 'feeds.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(log.at(-1)).toMatchObject({ partner: 'hazim', ok: true, created: 4 });
  }, 120_000);

  test('a malformed feed exits non-zero and says nothing was withdrawn', async () => {
    const res = await cli(['--partner', 'hazim', '--file', fx.file('hazim-truncated.xml')]);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('ERROR: XML mal formado');
    expect(res.stdout).toContain('no se retiró ningún anuncio');
  }, 120_000);

  test('--all imports every active agency with a feed (issue 46: the database, not a file), files and URLs', async () => {
    // as `npm run agencies -- feed …` does (agencies.test.ts runs the command itself)
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }, process.cwd(), { tool: true }));
    await setFeed(database.db, 'hazim', fx.file('hazim-shrunk.xml'));
    await setFeed(database.db, 'tucasard', `${server.url}/feeds/tucasard.json`);
    await database.close();
    const res = await cli(['--all']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('sin cambios: 1  retirados: 2');
    expect(res.stdout).toContain(`tucasard (${server.url}/feeds/tucasard.json): importado`);
    expect(res.stdout).toContain('creados: 2');
  }, 120_000);

  test('a partner that is no agency of the database is refused', async () => {
    const res = await cli(['--partner', 'acme', '--file', fx.file('hazim-valid.xml')]);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('inmobiliaria desconocida: acme (npm run agencies -- add)');
  }, 60_000);

  test.each([
    [['--partner', 'hazim'], /Uso:/],
    [['--partner', 'hazim', '--url', 'ftp://x/feed.xml'], /http/],
    [['--all', '--partner', 'hazim'], /Uso:/],
  ])('bad arguments %j exit with 2 and the usage', async (args, message) => {
    const res = await cli(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
  }, 60_000);
});

describe.each(engines())('scheduled imports on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  test('off unless FEEDS_INTERVAL_MINUTES is above 0', () => {
    expect(startFeedScheduler(t.app, {})).toBeNull();
    expect(startFeedScheduler(t.app, { FEEDS_INTERVAL_MINUTES: '0' })).toBeNull();
    expect(() => startFeedScheduler(t.app, { FEEDS_INTERVAL_MINUTES: 'often' })).toThrow(/FEEDS_INTERVAL_MINUTES/);
  });

  test('imports the agencies with a feed at start and on each interval; search sees them at once', async () => {
    await setFeed(t.app.db, 'hazim', fx.file('hazim-valid.xml'));
    // 0.01 minutes = 600 ms between runs.
    const scheduler = startFeedScheduler(t.app, { FEEDS_INTERVAL_MINUTES: '0.01' })!;
    expect(scheduler).not.toBeNull();
    const countNow = async () => (await post(t, '/allAnuncios', { filters: {}, page: 0 })).body.count;
    const waitFor = async (expected: number) => {
      for (let i = 0; i < 100 && (await countNow()) !== expected; i++) await new Promise((r) => setTimeout(r, 100));
      return countNow();
    };
    try {
      expect(await waitFor(4)).toBe(4);
      await setFeed(t.app.db, 'hazim', fx.file('hazim-shrunk.xml'));
      expect(await waitFor(2)).toBe(2);
      const log = fs.readFileSync(path.join(t.config.dataDir, 'feeds.log'), 'utf8');
      expect(log).toContain('"withdrawn":2');
    } finally {
      await scheduler.stop();
    }
  }, 60_000);
});
