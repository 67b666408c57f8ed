/**
 * Authentication events in the log (issue 19, item 9): login failures, logouts, reset requests and
 * resets, plan changes, deletions; each with a pseudonymous account reference, the client IP and
 * the request id, so an operator can follow an attack or an incident without the log holding
 * emails or account ids. The reference is an HMAC of the account id under the JWT secret: stable
 * for one account (events correlate), meaningless without the secret.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export type AuthEvent = 'login_failed' | 'login_blocked' | 'logout' | 'reset_requested' | 'password_reset' | 'plan_changed' | 'listing_deleted' | 'user_blocked' | 'user_unblocked'
  | 'agency_created' | 'agency_invited' | 'agency_joined' | 'agency_member_removed';

export function accountRef(secret: string, userId: string): string {
  return crypto.createHmac('sha256', secret).update(userId).digest('hex').slice(0, 16);
}

export function authEvent(request: FastifyRequest, event: AuthEvent, userId: string | null, extra: Record<string, unknown> = {}): void {
  const account = userId ? accountRef(request.server.config.jwtSecret, userId) : null;
  request.log.info({ authEvent: event, account, ip: request.ip, reqId: request.id, ...extra }, `evento de autenticación: ${event}`);
}
