/**
 * What the rate limits count by (issue 19, item 2), kept apart from the counting itself (the store,
 * plugins/rate-limits.ts) and from the policy (plugins/rate-limit-policy.ts).
 *
 * A client is its IPv4 address, or the /64 network of its IPv6 address: one subscriber usually gets
 * a whole /64 and can pick any address in it, so counting single IPv6 addresses counts nothing.
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are their IPv4 address.
 */
import crypto from 'node:crypto';
import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.split('%')[0];
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const all = tail === null ? headGroups : [...headGroups, ...Array(missing).fill('0'), ...tailGroups];
  return all.length === 8 ? all.map((g) => parseInt(g, 16)) : null;
}

/** The key a client's requests are counted under: `v4:a.b.c.d` or `v6:xxxx:xxxx:xxxx:xxxx::/64`. */
export function clientKey(ip: string): string {
  if (net.isIPv4(ip)) return `v4:${ip}`;
  const groups = ipv6Groups(ip);
  if (!groups) return `other:${ip}`;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return `v4:${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  return `v6:${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The email an account call names, normalized as the schemas do; null when there is none. */
export function emailKey(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : null;
}

/**
 * Whether a request's SITE_KEY_HEADER value is the site server's key (issue 40). Compared as
 * digests in constant time, so the answer's timing tells nothing about the key; no key configured
 * or no header: false.
 */
export function siteKeyMatches(header: string | string[] | undefined, key: string | undefined): boolean {
  if (!key || typeof header !== 'string' || header === '') return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(header), digest(key));
}
