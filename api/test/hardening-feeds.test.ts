/**
 * Issue 19, item 6: partner feed and photo URLs cannot reach the portal's own network. A partner
 * server (a local HTTP server, allowed by name as FEEDS_ALLOW_HOSTS would) redirects to another
 * server on 127.0.0.1, standing for an internal service: the redirect is refused and the internal
 * server never sees a request. Direct loopback, private, link-local and metadata addresses are
 * refused without a connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
