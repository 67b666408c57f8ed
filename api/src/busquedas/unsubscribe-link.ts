/**
 * The signed one-click unsubscribe of an alert email (issue 22, RFC 8058): HMAC of the search id
 * with the API's secret, so the link needs no session and cannot be guessed for another search.
 */
import crypto from 'node:crypto';
import { bajaAlertasPath } from 'shared-contracts';
import type { Config } from '../config';

export function unsubscribeToken(secret: string, searchId: string): string {
  return crypto.createHmac('sha256', secret).update(`baja-alertas:${searchId}`).digest('base64url');
}

export function isValidUnsubscribeToken(secret: string, searchId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, searchId));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The header's URL (a POST with `List-Unsubscribe=One-Click`) and the page the email links to. */
export function unsubscribeLinks(config: Pick<Config, 'jwtSecret' | 'publicApiUrl' | 'publicSiteUrl'>, searchId: string) {
  const token = unsubscribeToken(config.jwtSecret, searchId);
  return {
    oneClick: `${config.publicApiUrl}/busquedas/${encodeURIComponent(searchId)}/baja?token=${encodeURIComponent(token)}`,
    page: `${config.publicSiteUrl}${bajaAlertasPath(searchId, token)}`,
  };
}
