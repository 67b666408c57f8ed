/**
 * Issue 19, item 6: partner feed and photo URLs cannot reach the portal's own network. A partner
 * server (a local HTTP server, allowed by name as FEEDS_ALLOW_HOSTS would) redirects to another
 * server on 127.0.0.1, standing for an internal service: the redirect is refused and the internal
 * server never sees a request. Direct loopback, private, link-local and metadata addresses are
 * refused without a connection.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { setFeed } from '../src/agencies/repository';
import { startFeedScheduler } from '../src/feeds/scheduler';
import { engines } from './support/engines';
import { startTestApp } from './support/app';
import { downloadPhoto } from '../src/feeds/feed-photos';
import { openFeed, DEFAULT_FEED_LIMITS } from '../src/feeds/feed-source';
import { BlockedUrlError, isBlockedAddress, safeFetch } from '../src/feeds/safe-fetch';

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; host: string; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, host: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}`, hits };
}

describe('partner URLs against internal addresses', () => {
  let internal: Awaited<ReturnType<typeof listen>>;
  let partner: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    internal = await listen((_req, res) => res.end('secreto interno'));
    partner = await listen((req, res) => {
      const to: Record<string, string> = {
        '/foto.jpg': `${internal.url}/admin/foto.jpg`,
        '/feed.xml': `${internal.url}/admin/feed.xml`,
        '/metadata': 'http://169.254.169.254/latest/meta-data/',
        '/v6': 'http://[::1]:9/x',
        '/self': `${partner.url}/final`,
      };
      if (req.url === '/final') return void res.end('<ads></ads>');
      if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      res.writeHead(302, { location: to[req.url ?? ''] ?? '/final' }).end();
    });
  });
  afterAll(async () => {
    for (const s of [internal, partner]) {
      s.server.closeAllConnections();
      await new Promise((resolve) => s.server.close(resolve));
    }
  });
  const allow = () => [partner.host];

  test('a photo redirected to 127.0.0.1 is refused; the internal server is never asked', async () => {
    await expect(downloadPhoto(`${partner.url}/foto.jpg`, { timeoutMs: 2000, maxBytes: 1024 * 1024, allowHosts: allow() })).rejects.toThrow(/interna/);
    expect(internal.hits).toEqual([]);
  });

  test('a feed redirected to 127.0.0.1 or to the metadata address is refused at that hop', async () => {
    for (const path of ['/feed.xml', '/metadata', '/v6']) {
      await expect(openFeed(`${partner.url}${path}`, { ...DEFAULT_FEED_LIMITS, timeoutMs: 2000, allowHosts: allow() })).rejects.toThrow(/interna/);
    }
    expect(internal.hits).toEqual([]);
    // Redirects within the allowed partner still work, up to a bound.
    const ok = await safeFetch(`${partner.url}/self`, { allowHosts: allow() });
    expect(await ok.text()).toBe('<ads></ads>');
    await expect(safeFetch(`${partner.url}/loop`, { allowHosts: allow() })).rejects.toThrow(/redirecciones/);
  });

  test.each([
    'http://127.0.0.1:1/x',
    'http://localhost:1/x',
    'http://[::1]:1/x',
    'http://10.0.0.5/x',
    'http://192.168.1.1/x',
    'http://172.16.0.1/x',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://0.0.0.0/x',
    'file:///etc/passwd',
  ])('%s is refused before any connection', async (url) => {
    await expect(safeFetch(url)).rejects.toBeInstanceOf(BlockedUrlError);
  });

  test('public addresses pass the check', () => {
    for (const a of ['8.8.8.8', '200.88.1.1', '2606:4700:4700::1111']) expect(isBlockedAddress(a)).toBe(false);
    for (const a of ['127.0.0.2', '100.64.0.1', '::', 'fe80::1', '::ffff:10.0.0.1', '64:ff9b::a00:1']) expect(isBlockedAddress(a)).toBe(true);
  });
});

/**
 * Issue 40: a partner's feed URL may carry its credentials (user and password, or a token in the
 * query). They are needed to fetch it and nowhere else: not in the server's log, the command's
 * output or feeds.log, where they appeared whole (and a URL with a user and password did not even
 * work: fetch refuses one, with the URL in its message).
 */
describe('feed URLs with credentials never reach a log', () => {
  const USER = 'socio';
  const PASSWORD = 's3cr3t0-clave';
  const TOKEN = 's3cr3t0-token';
  const SIGNATURE = 's3cr3t0-firma';
  let partner: Awaited<ReturnType<typeof listen>>;
  const auths: string[] = [];
  beforeAll(async () => {
    partner = await listen((req, res) => {
      auths.push(String(req.headers.authorization ?? ''));
      const url = new URL(req.url ?? '/', 'http://x');
      const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
      if (url.pathname !== '/feed.json' || req.headers.authorization !== basic || url.searchParams.get('token') !== TOKEN) return void res.writeHead(401).end();
      const ad = {
        id: 'c-1', title: 'Casa con patio', type: 'For Sale', content: 'Casa amplia.', price: 120000, currency: 'USD', property_type: 'House',
        city: 'Santiago', region: 'Santiago', contact_telephone: '8295550400',
        pictures: [`${partner.url}/foto.jpg?firma=${SIGNATURE}`],
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ads: [ad] }));
    });
  });
  afterAll(async () => {
    partner.server.closeAllConnections();
    await new Promise((resolve) => partner.server.close(resolve));
  });
  const feedUrl = () => `http://${USER}:${PASSWORD}@${partner.host}/feed.json?token=${TOKEN}`;
  const noSecrets = (text: string) => {
    for (const secret of [PASSWORD, TOKEN, SIGNATURE]) expect(text).not.toContain(secret);
  };

  test('feeds:import --url: imported with the credentials; its output and feeds.log name the feed without them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feeds-secret-'));
    try {
      const run = promisify(execFile);
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/feeds/cli.ts', '--partner', 'tucasard', '--url', feedUrl()], {
        cwd: path.resolve(__dirname, '..'),
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, FEEDS_ALLOW_HOSTS: partner.host },
        timeout: 90_000,
      });
      expect(stdout).toContain('creados: 1');
      expect(stdout).toContain(`tucasard (http://***@${partner.host}/feed.json?token=***)`);
      expect(stdout).toMatch(/foto omitida c-1 http:\/\/127\.0\.0\.1:\d+\/foto\.jpg\?firma=\*\*\*/);
      const log = fs.readFileSync(path.join(dataDir, 'feeds.log'), 'utf8');
      expect(log).toContain('"created":1');
      noSecrets(stdout + stderr + log);
      // the password went where it belongs: in the request's Authorization header
      expect(auths).toContain(`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  test.each(engines())('the scheduled import on %s logs and records the feed without its credentials', async (engine) => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await startTestApp(engine, { logLevel: 'info' }, { logger: true, logStream });
    try {
      // 127.0.0.1 is not allowed in this process (no FEEDS_ALLOW_HOSTS): the run is refused, and says so
      await setFeed(t.app.db, 'tucasard', feedUrl());
      const scheduler = startFeedScheduler(t.app, { FEEDS_INTERVAL_MINUTES: '1440' })!;
      await scheduler.runNow();
      await scheduler.stop();
      const log = fs.readFileSync(path.join(t.config.dataDir, 'feeds.log'), 'utf8');
      expect(log).toContain(`"origin":"http://***@${partner.host}/feed.json?token=***"`);
      expect(lines.join('')).toContain(`tucasard (http://***@${partner.host}/feed.json?token=***)`);
      noSecrets(lines.join('') + log);
    } finally {
      await t.close();
    }
  }, 60_000);
});
