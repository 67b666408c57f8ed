/**
 * The one-click renewal link of the expiry reminder: an HMAC of the listing id and the start of
 * its current period, keyed with JWT_SECRET. Nothing is stored: renewing moves the period's start,
 * so a used link (and any older one) stops matching — single use without a token table. The site
 * page it opens POSTs the token, so a mail scanner fetching the link renews nothing.
 *
 * The token names the period it was made for (`<start, base 36>-<HMAC>`, issue 39), so the same
 * link opened again after it renewed can be told apart from a forged one and answered "already
 * renewed" — without renewing anything. Not a '.': the site server takes a path ending in `.xyz`
 * for a file. Links sent before that change (the HMAC alone, 43 characters, which may hold a '-'
 * itself) still renew once and are then refused as before.
 */
import crypto from 'node:crypto';

/** An HMAC-SHA256 in base64url: the whole of a link sent before the period was named. */
const MAC_LENGTH = 43;

const mac = (secret: string, anuncioId: string, periodStartMs: number) =>
  crypto.createHmac('sha256', secret).update(`renovar:${anuncioId}:${periodStartMs}`).digest('base64url');

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

export function renewToken(secret: string, anuncioId: string, renewedAt: Date): string {
  return `${renewedAt.getTime().toString(36)}-${mac(secret, anuncioId, renewedAt.getTime())}`;
}

/**
 * `current`: the link of the listing's current period (it renews); `used`: a genuine link of an
 * earlier period (the listing was renewed since); `invalid`: anything else.
 */
export type RenewLinkState = 'current' | 'used' | 'invalid';

export function renewLinkState(secret: string, anuncioId: string, renewedAt: Date, token: string): RenewLinkState {
  const current = renewedAt.getTime();
  if (token.length === MAC_LENGTH) return sameText(token, mac(secret, anuncioId, current)) ? 'current' : 'invalid';
  const dash = token.indexOf('-');
  const period = dash === -1 ? '' : token.slice(0, dash);
  const start = /^[0-9a-z]{1,11}$/.test(period) ? parseInt(period, 36) : NaN;
  if (!Number.isSafeInteger(start) || !sameText(token.slice(dash + 1), mac(secret, anuncioId, start))) return 'invalid';
  if (start === current) return 'current';
  return start < current ? 'used' : 'invalid';
}
