/**
 * Bearer JWT authentication. Tokens are HS256 only (the algorithm list is fixed, so `none` and
 * asymmetric confusion are refused) and carry {sub, tv, exp}: `tv` must equal the user's current
 * tokenVersion, so a password reset invalidates every token issued before it, and a deleted user's
 * token finds no row. Every failure answers the same 401. A blocked account's tokens are refused
 * too (issue 23; blocking also moves the token version on). Moderators are the accounts whose email
 * is in MODERATOR_EMAILS: `requireModerator` answers 403 to anyone else.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import jwt from 'jsonwebtoken';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from 'shared-contracts';
import { users, type UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { statement } from '../db/statements';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);

async function authPlugin(app: FastifyInstance) {
  const { jwtTtlSeconds } = app.config;
  // A key object made once: given the secret as a string, jsonwebtoken first tries to read it as a
  // PEM key, and the exception it throws made each sign or verify take ≈ 420 µs of the event loop
  // instead of ≈ 8 µs (session 15, docs/performance-history.md).
  const jwtSecret = crypto.createSecretKey(Buffer.from(app.config.jwtSecret, 'utf8'));
  // Real time (issue 40): a token signed while the test clock runs ahead must not outlive it.
  const nowSeconds = () => Math.floor(app.realClock.now() / 1000);

  app.decorate('signToken', (user: Pick<UserRow, 'id' | 'tokenVersion'>) =>
    jwt.sign({ sub: user.id, tv: user.tokenVersion, exp: nowSeconds() + jwtTtlSeconds }, jwtSecret, {
      algorithm: 'HS256',
      noTimestamp: true,
    }),
  );

  async function userFromRequest(request: FastifyRequest): Promise<UserRow | null> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) return null;
    let payload: jwt.JwtPayload | string;
    try {
      payload = jwt.verify(match[1], jwtSecret, { algorithms: ['HS256'], clockTimestamp: nowSeconds() });
    } catch {
      return null;
    }
    // A token without an expiry would be valid forever: refused like a forged one.
    if (typeof payload === 'string' || typeof payload.exp !== 'number' || !isUuid(payload.sub) || !Number.isInteger(payload.tv)) return null;
    // Every signed-in request reads its account: built once (db/statements.ts).
    const query = statement(app.db, 'auth:user', () => app.db.select().from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare(''));
    const [user] = (await query.execute({ id: payload.sub })) as UserRow[];
    if (!user || user.tokenVersion !== payload.tv || user.blockedAt) return null;
    return user;
  }

  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const user = await userFromRequest(request);
    if (!user) throw new HttpError(401, MSG.unauthorized);
    request.user = user;
  });

  const moderators = new Set(app.config.moderatorEmails);
  app.decorate('isModerator', (user: Pick<UserRow, 'email'>) => moderators.has(user.email.toLowerCase()));
  app.decorate('requireModerator', async (request: FastifyRequest) => {
    const user = await userFromRequest(request);
    if (!user) throw new HttpError(401, MSG.unauthorized);
    if (!moderators.has(user.email.toLowerCase())) throw new HttpError(403, MSG.soloModeradores);
    request.user = user;
  });
}

export default fp(authPlugin, { name: 'auth', fastify: '5.x', dependencies: ['config', 'db'] });
