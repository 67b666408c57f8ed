/**
 * The account calls of SPEC §7: sign-up, email confirmation, confirmation-link request, login,
 * forgot and reset password. Calls that take an email answer the same way whether or not it
 * belongs to an account (sign-up excepted: a taken email must be said).
 */
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, confirmEmailPath, resetPasswordPath, type User } from 'shared-contracts';
import { confirmEmailSchema, forgotPasswordSchema, loginSchema, requestConfirmationSchema, resetPasswordSchema, signupSchema } from 'shared-contracts/schemas';
import { messageSchema, okSchema, userResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { userMessage } from '../plugins/error-handler';
import { bearer, errors, refusedAs } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { confirmEmailMessage, resetPasswordMessage } from '../mail/templates';
import { hashPassword, verifyPassword } from './passwords';
import { authEvent } from './auth-events';
import { consumeToken, issueToken, tokenIsUsable, tokenWasUsed } from './tokens';
import { createUser, findUserByEmail, findUserById, markConfirmed, revokeTokens, setPassword } from './repository';
import { mergeFavoritos } from '../favoritos/repository';

/** A reset whose link part (id, token) is wrong is an invalid link; a bad new password says why. */
function resetRefusal(issues: FastifySchemaValidationError[]) {
  const linkIssue = issues.some((i) => /^\/(id|token)(\/|$)/.test(i.instancePath ?? ''));
  return new HttpError(400, linkIssue ? MSG.invalidOrExpiredLink : userMessage(issues[0]?.message ?? ''));
}

const tags = ['Cuenta'];

export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // emailed links expire by the real clock (issue 40), as login tokens do
  const { db, clock, realClock, config, mailer } = app;
  const siteLink = (path: string) => `${config.publicSiteUrl}${path}`;

  async function sendConfirmation(user: { id: string; email: string; name: string }) {
    const token = await issueToken(db, user.id, 'confirm', realClock.now());
    mailer.send(confirmEmailMessage(user.email, user.name, siteLink(confirmEmailPath(user.id, token))));
  }

  const emailOnly = { tags, body: requestConfirmationSchema, response: { 200: messageSchema, ...errors(429) } };

  app.post('/api/user/signup', { preValidation: app.limitAttempts('signup'), schema: { tags, body: signupSchema, response: { 201: messageSchema, ...errors(409, 429) } } }, async (request, reply) => {
    const { body } = request;
    const user = await createUser(db, {
      email: body.email,
      name: body.name,
      apellido: body.apellido,
      passwordHash: await hashPassword(body.password),
    });
    if (!user) throw new HttpError(409, MSG.emailTaken);
    await sendConfirmation(user);
    return reply.code(201).send({ message: MSG.revisarCorreo });
  });

  app.post('/confirmEmail', { schema: { tags, body: confirmEmailSchema, response: { 200: messageSchema } }, schemaErrorFormatter: refusedAs(MSG.invalidOrExpiredLink) }, async (request) => {
    const { id, token } = request.body;
    if (!isUuid(id)) throw new HttpError(400, MSG.invalidOrExpiredLink);
    if (!(await consumeToken(db, id, token, 'confirm', realClock.now()))) {
      // the same link again (a second click, a mail scanner's visit first): it is done, say so
      if ((await tokenWasUsed(db, id, token, 'confirm')) && (await findUserById(db, id))?.confirmed) return { message: MSG.emailYaConfirmado };
      throw new HttpError(400, MSG.invalidOrExpiredLink);
    }
    await markConfirmed(db, id);
    return { message: MSG.emailConfirmed };
  });

  app.post('/get-email-confirmation-link', { preValidation: app.limitAttempts('confirmLink'), schema: emailOnly }, async (request) => {
    const { email } = request.body;
    const user = await findUserByEmail(db, email);
    if (user && !user.confirmed) await sendConfirmation(user);
    return { message: MSG.confirmLinkSent };
  });

  app.post('/api/user/login', { preValidation: app.loginGuard.check, schema: { tags, body: loginSchema, response: { 200: userResponseSchema, ...errors(401, 403, 429) } } }, async (request): Promise<User> => {
    const { email, password, favoritos } = request.body;
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      // Only failures count against the account (plugins/rate-limit-policy.ts).
      await app.loginGuard.failed(request);
      authEvent(request, 'login_failed', user?.id ?? null);
      throw new HttpError(401, MSG.invalidCredentials);
    }
    // Checked after the password, so the answer reveals nothing to someone without it.
    if (!user.confirmed) throw new HttpError(403, MSG.confirmEmailFirst);
    // Issue 23: a blocked account is told so (only to someone who knows its password).
    if (user.blockedAt) {
      authEvent(request, 'login_blocked', user.id);
      throw new HttpError(403, MSG.cuentaBloqueada);
    }
    // Issue 22: the visitor's favourites (kept in the browser) join the account's.
    if (favoritos?.length) await mergeFavoritos(db, user.id, favoritos.filter(isUuid).map((id) => id.toLowerCase()), new Date(clock.now()));
    return { _id: user.id, name: user.name, apellido: user.apellido, email: user.email, token: app.signToken(user), miPlan: user.miPlan, moderador: app.isModerator(user) };
  });

  // Issue 19: a token copied before the logout (shared computer, leaked log) stops working with it.
  // Every session of the account ends: the token carries no id of its own to revoke alone.
  app.post('/logout', { preValidation: app.authenticate, schema: { tags, security: bearer, response: { 200: okSchema, ...errors(401) } } }, async (request) => {
    await revokeTokens(db, request.user!.id);
    authEvent(request, 'logout', request.user!.id);
    return { ok: true as const };
  });

  app.post('/forgot-password', { preValidation: app.limitAttempts('forgot'), schema: { ...emailOnly, body: forgotPasswordSchema } }, async (request) => {
    const { email } = request.body;
    const user = await findUserByEmail(db, email);
    if (user) {
      authEvent(request, 'reset_requested', user.id);
      const token = await issueToken(db, user.id, 'reset', realClock.now());
      mailer.send(resetPasswordMessage(user.email, user.name, siteLink(resetPasswordPath(user.id, token))));
    }
    return { message: MSG.resetLinkSent };
  });

  app.post('/reset-password', { schema: { tags, body: resetPasswordSchema, response: { 200: messageSchema, ...errors(409) } }, schemaErrorFormatter: resetRefusal }, async (request) => {
    const { id, token, newPassword } = request.body;
    // The token is checked before the costly hash (issue 19): a flood of made-up links costs one
    // indexed read each, not an argon2 run. It is consumed only after the hash, so a failure
    // while hashing leaves the link usable.
    // A link already used stays spent (nothing changes) and is answered as such (issue 39).
    const refused = async () => ((await tokenWasUsed(db, id, token, 'reset')) ? new HttpError(409, MSG.enlaceResetUsado) : new HttpError(400, MSG.invalidOrExpiredLink));
    if (!isUuid(id)) throw new HttpError(400, MSG.invalidOrExpiredLink);
    if (!(await tokenIsUsable(db, id, token, 'reset', realClock.now()))) throw await refused();
    const passwordHash = await hashPassword(newPassword);
    if (!(await consumeToken(db, id, token, 'reset', realClock.now()))) throw await refused();
    await setPassword(db, id, passwordHash);
    authEvent(request, 'password_reset', id);
    return { message: MSG.passwordChanged };
  });
}
