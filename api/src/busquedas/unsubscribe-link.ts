/**
 * The signed one-click unsubscribes of the alert emails (issues 22 and 39, RFC 8058): an HMAC with
 * the API's secret, so a link needs no session and cannot be guessed for another search or user.
 * A search email's link stops that search (`baja-alertas:{searchId}`); a price-drop email's link
 * stops the account's price-drop emails (`baja-avisos-precio:{userId}`). The prefixes keep one
 * kind of token from ever being valid as the other.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bajaAlertasPath, bajaAvisosPrecioPath } from 'shared-contracts';
import type { Config } from '../config';

type LinkConfig = Pick<Config, 'jwtSecret' | 'publicApiUrl' | 'publicSiteUrl'>;
type Kind = 'baja-alertas' | 'baja-avisos-precio';

const sign = (secret: string, kind: Kind, id: string) => crypto.createHmac('sha256', secret).update(`${kind}:${id}`).digest('base64url');

function isValid(secret: string, kind: Kind, id: string, token: string): boolean {
  const expected = Buffer.from(sign(secret, kind, id));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export const unsubscribeToken = (secret: string, searchId: string) => sign(secret, 'baja-alertas', searchId);
export const isValidUnsubscribeToken = (secret: string, searchId: string, token: string) => isValid(secret, 'baja-alertas', searchId, token);
export const isValidPriceAlertsToken = (secret: string, userId: string, token: string) => isValid(secret, 'baja-avisos-precio', userId, token);

/** A search email's header URL (a POST with `List-Unsubscribe=One-Click`) and the page the email links to. */
export function unsubscribeLinks(config: LinkConfig, searchId: string) {
  const token = unsubscribeToken(config.jwtSecret, searchId);
  return {
    oneClick: `${config.publicApiUrl}/busquedas/${encodeURIComponent(searchId)}/baja?token=${encodeURIComponent(token)}`,
    page: `${config.publicSiteUrl}${bajaAlertasPath(searchId, token)}`,
  };
}

/** The same for a price-drop email: they stop the account's price-drop emails. */
export function priceAlertsUnsubscribeLinks(config: LinkConfig, userId: string) {
  const token = sign(config.jwtSecret, 'baja-avisos-precio', userId);
  return {
    oneClick: `${config.publicApiUrl}/favoritos/baja/${encodeURIComponent(userId)}?token=${encodeURIComponent(token)}`,
    page: `${config.publicSiteUrl}${bajaAvisosPrecioPath(userId, token)}`,
  };
}

/**
 * Mail programs post the one click as a form (`List-Unsubscribe=One-Click`); only the plugins of
 * the unsubscribe routes read form bodies (the parser is scoped to the plugin that adds it).
 */
export function acceptOneClickForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
}
