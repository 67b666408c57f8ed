/**
 * Fetching partner feeds and photos without being turned against the portal's own network
 * (issue 19, item 6). A feed names any URL it likes, and a partner server can redirect anywhere:
 * each hop is checked before it is requested, and redirects are followed here, one by one, never by
 * fetch itself. Refused: other schemes than http(s), and hosts that resolve to loopback, private,
 * link-local (cloud metadata at 169.254.169.254 included), carrier-grade NAT, unspecified,
 * multicast or reserved addresses, IPv4 and IPv6 alike. `allowHosts` ("host:port" entries, from
 * FEEDS_ALLOW_HOSTS) lets an operator reach a partner on their own network on purpose.
 *
 * Limit: the name is resolved for the check and again by fetch when it connects; a DNS server that
 * answers differently between the two (rebinding) is not caught here.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';

export const MAX_REDIRECTS = 5;

export class BlockedUrlError extends Error {}

/** The blocked IPv4 ranges as [first octets, prefix length]. */
const V4_BLOCKED: [number[], number][] = [
  [[0], 8], [[10], 8], [[100, 64], 10], [[127], 8], [[169, 254], 16], [[172, 16], 12], [[192, 0, 0], 24],
  [[192, 0, 2], 24], [[192, 168], 16], [[198, 18], 15], [[198, 51, 100], 24], [[203, 0, 113], 24], [[224], 4], [[240], 4],
];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function blockedV4(address: string): boolean {
  const value = v4Number(address);
  return V4_BLOCKED.some(([octets, prefix]) => {
    const base = v4Number([...octets, 0, 0, 0, 0].slice(0, 4).join('.'));
    const size = 2 ** (32 - prefix);
    return value >= base && value < base + size;
  });
}

function blockedV6(address: string): boolean {
  const a = address.toLowerCase().split('%')[0];
  if (a === '::' || a === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return blockedV4(mapped[1]);
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(a)) {
    const [hi, lo] = a.slice(7).split(':').map((g) => parseInt(g, 16));
    return blockedV4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  const first = parseInt(a.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast, 2001:db8::/32 documentation, 64:ff9b::/96 NAT64 of anything.
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0 || (first & 0xff00) === 0xff00 || a.startsWith('2001:db8:') || a.startsWith('64:ff9b:');
}

export function isBlockedAddress(address: string): boolean {
  if (net.isIPv4(address)) return blockedV4(address);
  if (net.isIPv6(address)) return blockedV6(address);
  return true;
}

/** Refuses the URL unless it is http(s) to a public address (or an allowed host). */
export async function checkUrl(url: URL, allowHosts: readonly string[]): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedUrlError(`dirección no permitida (${url.protocol})`);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowHosts.includes(`${host}:${port}`)) return;
  const addresses = net.isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((r) => r.address);
  if (!addresses.length) throw new BlockedUrlError(`no se pudo resolver ${host}`);
  if (addresses.some(isBlockedAddress)) throw new BlockedUrlError(`dirección interna no permitida (${host})`);
}

/**
 * A user and password in the URL (a partner's feed behind HTTP Basic authentication) become an
 * Authorization header, sent to that origin only: fetch refuses a URL carrying them, and would
 * quote it whole in its error (issue 40).
 */
function basicAuth(url: URL): { origin: string; header: string } | null {
  if (!url.username && !url.password) return null;
  const header = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  return { origin: url.origin, header };
}

/** fetch with every hop checked, redirects followed here (at most MAX_REDIRECTS). */
export async function safeFetch(location: string, opts: { signal?: AbortSignal; allowHosts?: readonly string[] } = {}): Promise<Response> {
  let url = new URL(location);
  const auth = basicAuth(url);
  for (let hop = 0; ; hop++) {
    await checkUrl(url, opts.allowHosts ?? []);
    const headers = auth && url.origin === auth.origin ? { authorization: auth.header } : undefined;
    const res = await fetch(url, { signal: opts.signal, redirect: 'manual', headers });
    const next = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (!next) return res;
    await res.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) throw new BlockedUrlError(`demasiadas redirecciones (más de ${MAX_REDIRECTS})`);
    url = new URL(next, url);
  }
}

/** FEEDS_ALLOW_HOSTS: "host:port" entries the feeds may reach although they are internal. */
export function allowHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.FEEDS_ALLOW_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}
