/**
 * The moderators' calls (issue 23). Every one needs a token of an account whose email is in
 * MODERATOR_EMAILS (`requireModerator`: 401 without a valid token, 403 for anyone else), checked
 * here on the server whatever the site shows. Each action is recorded (moderator, time, reason),
 * announced to every instance's search cache, and the owner is emailed where the issue says so.
 *
 *   GET  /moderacion/anuncios                 the queue: reported and held listings, reports newest first, history
 *   POST /moderacion/anuncios/{id}            {accion: "aprobar" | "retirar", motivo}
 *   POST /moderacion/usuarios/{id}/bloquear   {motivo, anuncioId?}
 */
import type { FastifyInstance } from 'fastify';
import { MSG, ROUTES, type ModeracionResponse } from 'shared-contracts';
import { bloqueoSchema, moderacionAccionSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { searchRowOf } from '../search';
import { findUserById } from '../accounts/repository';
import { authEvent } from '../accounts/auth-events';
import { accountBlockedMessage, listingWithdrawnMessage } from '../mail/moderation-templates';
import { NotAllowed, approve, blockUser, moderationQueue, withdraw, type Moderator } from './repository';

const USER_NOT_FOUND = 'Usuario no encontrado';

export default async function moderationRoutes(app: FastifyInstance) {
  const { db, config, clock, mailer, searchChanges } = app;
  const guard = { preHandler: app.requireModerator };
  const moderator = (user: { id: string; email: string } | null): Moderator => ({ id: user!.id, email: user!.email });
  const siteLink = (path: string) => `${config.publicSiteUrl}${path}`;
  const notAllowed = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof NotAllowed) throw new HttpError(409, MSG.accionNoPermitida);
      throw err;
    }
  };

  // No HEAD twin: a moderators' read has nothing to offer caches or link checkers.
  app.get('/moderacion/anuncios', { ...guard, exposeHeadRoute: false }, async (): Promise<ModeracionResponse> => ({ items: await moderationQueue(db) }));

  app.post<{ Params: { id: string } }>('/moderacion/anuncios/:id', guard, async (request) => {
    const { accion, motivo } = moderacionAccionSchema.parse(request.body ?? {});
    const id = request.params.id;
    if (!isUuid(id)) throw new HttpError(404, MSG.notFound);
    const now = new Date(clock.now());
    const who = moderator(request.user);
    const done = await notAllowed(() => (accion === 'aprobar' ? approve(db, id, who, motivo, now) : withdraw(db, id, who, motivo, now)));
    if (!done) throw new HttpError(404, MSG.notFound);
    await searchChanges.announce({ rows: [searchRowOf(done.before), searchRowOf(done.after)] });
    if (accion === 'retirar' && done.after.ownerId) {
      const owner = await findUserById(db, done.after.ownerId);
      if (owner) mailer.send(listingWithdrawnMessage(owner.email, owner.name, done.after.title || done.after.propiedad, motivo, siteLink(ROUTES.misAnuncios)));
    }
    return { ok: true as const, estado: done.after.estado };
  });

  app.post<{ Params: { id: string } }>('/moderacion/usuarios/:id/bloquear', guard, async (request) => {
    const { motivo, anuncioId } = bloqueoSchema.parse(request.body ?? {});
    const id = request.params.id;
    const target = isUuid(id) ? await findUserById(db, id) : null;
    if (!target) throw new HttpError(404, USER_NOT_FOUND);
    if (app.isModerator(target)) throw new HttpError(409, MSG.moderadorNoBloqueable);
    const done = await blockUser(db, id, moderator(request.user), motivo, isUuid(anuncioId) ? anuncioId : null, new Date(clock.now()));
    if (!done) throw new HttpError(404, USER_NOT_FOUND);
    if (done.listings.length) await searchChanges.announce({ rows: done.listings.map(searchRowOf) });
    authEvent(request, 'user_blocked', id, { listings: done.listings.length });
    mailer.send(accountBlockedMessage(target.email, target.name, motivo, siteLink(ROUTES.home)));
    return { ok: true as const, anuncios: done.listings.length };
  });
}
