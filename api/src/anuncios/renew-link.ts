/**
 * The one-click renewal link of the expiry reminder: an HMAC of the listing id and the start of
 * its current period, keyed with JWT_SECRET. Nothing is stored: renewing moves the period's start,
 * so a used link (and any older one) stops matching — single use without a token table. The site
 * page it opens POSTs the token, so a mail scanner fetching the link renews nothing.
 */
import crypto from 'node:crypto';

export function renewToken(secret: string, anuncioId: string, renewedAt: Date): string {
  return crypto.createHmac('sha256', secret).update(`renovar:${anuncioId}:${renewedAt.getTime()}`).digest('base64url');
}

export function isValidRenewToken(secret: string, anuncioId: string, renewedAt: Date, token: string): boolean {
  const expected = Buffer.from(renewToken(secret, anuncioId, renewedAt));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
