/**
 * The account calls of SPEC §7: sign-up, email confirmation, confirmation-link request, login,
 * forgot and reset password. Calls that take an email answer the same way whether or not it
 * belongs to an account (sign-up excepted: a taken email must be said).
 */
import type { FastifyInstance } from 'fastify';
import { MSG, confirmEmailPath, resetPasswordPath, type User } from 'shared-contracts';
import { confirmEmailSchema, forgotPasswordSchema, loginSchema, requestConfirmationSchema, resetPasswordSchema, signupSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { confirmEmailMessage, resetPasswordMessage } from '../mail/templates';
import { hashPassword, verifyPassword } from './passwords';
import { consumeToken, issueToken } from './tokens';
import { createUser, findUserByEmail, findUserById, markConfirmed, setPassword } from './repository';

export default async function accountRoutes(app: FastifyInstance) {
  const { db, clock, config, mailer } = app;
  const siteLink = (path: string) => `${config.publicSiteUrl}${path}`;

  async function sendConfirmation(user: { id: string; email: string; name: string }) {
    const token = await issueToken(db, user.id, 'confirm', clock.now());
    mailer.send(confirmEmailMessage(user.email, user.name, siteLink(confirmEmailPath(user.id, token))));
  }

  app.post('/api/user/signup', { preHandler: app.limitAttempts('signup') }, async (request, reply) => {
    const body = signupSchema.parse(request.body);
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

  app.post('/confirmEmail', async (request) => {
    const parsed = confirmEmailSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, MSG.invalidOrExpiredLink);
    const { id, token } = parsed.data;
    if (!isUuid(id) || !(await consumeToken(db, id, token, 'confirm', clock.now()))) {
      throw new HttpError(400, MSG.invalidOrExpiredLink);
    }
    await markConfirmed(db, id);
    return { message: MSG.emailConfirmed };
  });

  app.post('/get-email-confirmation-link', { preHandler: app.limitAttempts('confirmLink') }, async (request) => {
    const { email } = requestConfirmationSchema.parse(request.body);
    const user = await findUserByEmail(db, email);
    if (user && !user.confirmed) await sendConfirmation(user);
    return { message: MSG.confirmLinkSent };
  });

  app.post('/api/user/login', { preHandler: app.limitAttempts('login') }, async (request): Promise<User> => {
    const { email, password } = loginSchema.parse(request.body);
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) throw new HttpError(401, MSG.invalidCredentials);
    // Checked after the password, so the answer reveals nothing to someone without it.
    if (!user.confirmed) throw new HttpError(403, MSG.confirmEmailFirst);
    return { _id: user.id, name: user.name, apellido: user.apellido, email: user.email, token: app.signToken(user), miPlan: user.miPlan };
  });

  app.post('/forgot-password', { preHandler: app.limitAttempts('forgot') }, async (request) => {
    const { email } = forgotPasswordSchema.parse(request.body);
    const user = await findUserByEmail(db, email);
    if (user) {
      const token = await issueToken(db, user.id, 'reset', clock.now());
      mailer.send(resetPasswordMessage(user.email, user.name, siteLink(resetPasswordPath(user.id, token))));
    }
    return { message: MSG.resetLinkSent };
  });

  app.post('/reset-password', async (request) => {
    const parsed = resetPasswordSchema.safeParse(request.body);
    if (!parsed.success) {
      const linkIssue = parsed.error.issues.some((i) => i.path[0] === 'id' || i.path[0] === 'token');
      throw linkIssue ? new HttpError(400, MSG.invalidOrExpiredLink) : parsed.error;
    }
    const { id, token, newPassword } = parsed.data;
    if (!isUuid(id) || !(await findUserById(db, id))) throw new HttpError(400, MSG.invalidOrExpiredLink);
    // Hash first: the token is consumed only when the new password can really be stored.
    const passwordHash = await hashPassword(newPassword);
    if (!(await consumeToken(db, id, token, 'reset', clock.now()))) throw new HttpError(400, MSG.invalidOrExpiredLink);
    await setPassword(db, id, passwordHash);
    return { message: MSG.passwordChanged };
  });
}
