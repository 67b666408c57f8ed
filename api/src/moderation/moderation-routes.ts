/**
 * The moderators' calls (issues 23 and 40). Every one needs a token of an account whose email is in
 * MODERATOR_EMAILS (`requireModerator`: 401 without a valid token, 403 for anyone else), checked
 * here on the server whatever the site shows. Each action is recorded (moderator, time, reason),
 * announced to every instance's search cache, and the owner is emailed where the issue says so.
 *
 *   GET  /moderacion/anuncios?page=N            the queue: held listings first, then reported ones, a page of 50
 *   POST /moderacion/anuncios/{id}              {accion: "aprobar" | "retirar", motivo}
 *   POST /moderacion/usuarios/{id}/bloquear     {motivo, anuncioId?}
 *   GET  /moderacion/usuarios/bloqueados?page=N blocked accounts, with the phones and photos their block covers
 *   POST /moderacion/usuarios/{id}/desbloquear  {motivo}
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ROUTES, type BloqueadosResponse, type ModeracionResponse } from 'shared-contracts';
import { bloqueoSchema, desbloqueoSchema, moderacionAccionSchema, moderacionPageSchema } from 'shared-contracts/schemas';
import { bloqueadosResponseSchema, bloqueoResponseSchema, moderacionAccionResponseSchema, moderacionResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { bearer, errors, idParams, orEmpty } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { searchRowOf } from '../search';
import { findUserById } from '../accounts/repository';
import { authEvent } from '../accounts/auth-events';
import { accountBlockedMessage, accountUnblockedMessage, listingWithdrawnMessage } from '../mail/moderation-templates';
import { NotAllowed, approve, withdraw, type Moderator } from './repository';
import { blockUser, blockedUsers, unblockUser } from './blocks-repository';
import { blockMarksOf } from './blocked-content';
import { moderationQueue } from './queue-repository';

const USER_NOT_FOUND = 'Usuario no encontrado';

const tags = ['Moderación'];
const refused = errors(401, 403);
const list = (response: typeof moderacionResponseSchema | typeof bloqueadosResponseSchema) => ({ tags, security: bearer, querystring: moderacionPageSchema, response: { 200: response, ...refused } });
const target = { tags, security: bearer, params: idParams };
const accionRoute = { ...target, body: orEmpty(moderacionAccionSchema), response: { 200: moderacionAccionResponseSchema, ...refused, ...errors(404, 409) } };
const bloqueoRoute = { ...target, body: orEmpty(bloqueoSchema), response: { 200: bloqueoResponseSchema, ...refused, ...errors(404, 409) } };
const desbloqueoRoute = { ...target, body: orEmpty(desbloqueoSchema), response: { 200: bloqueoResponseSchema, ...refused, ...errors(404, 409) } };

export default async function moderationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, clock, mailer, photoStorage, searchChanges } = app;
  const guard = { preValidation: app.requireModerator };
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

  // No HEAD twins: a moderators' read has nothing to offer caches or link checkers.
  app.get('/moderacion/anuncios', { ...guard, exposeHeadRoute: false, schema: list(moderacionResponseSchema) }, async (request): Promise<ModeracionResponse> => {
    const { page } = request.query;
    return moderationQueue(db, { page, now: new Date(clock.now()), immunityDays: config.approvalImmunityDays, secret: config.jwtSecret });
  });

  app.post('/moderacion/anuncios/:id', { ...guard, schema: accionRoute }, async (request) => {
    const { accion, motivo } = request.body;
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

  app.post('/moderacion/usuarios/:id/bloquear', { ...guard, schema: bloqueoRoute }, async (request) => {
    const { motivo, anuncioId } = request.body;
    const id = request.params.id;
    const target = isUuid(id) ? await findUserById(db, id) : null;
    if (!target) throw new HttpError(404, USER_NOT_FOUND);
    if (app.isModerator(target)) throw new HttpError(409, MSG.moderadorNoBloqueable);
    const now = new Date(clock.now());
    // Read (and fingerprinted where needed) before the transaction: photos are files, not rows.
    const marks = await blockMarksOf(db, photoStorage, id, now);
    const done = await blockUser(db, id, moderator(request.user), motivo, isUuid(anuncioId) ? anuncioId : null, now, marks);
    if (!done) throw new HttpError(404, USER_NOT_FOUND);
    if (done.listings.length) await searchChanges.announce({ rows: done.listings.map(searchRowOf) });
    authEvent(request, 'user_blocked', id, { listings: done.listings.length, phones: marks.phones.length, photos: marks.hashes.length });
    mailer.send(accountBlockedMessage(target.email, target.name, motivo, siteLink(ROUTES.home)));
    return { ok: true as const, anuncios: done.listings.length };
  });

  app.get('/moderacion/usuarios/bloqueados', { ...guard, exposeHeadRoute: false, schema: list(bloqueadosResponseSchema) }, async (request): Promise<BloqueadosResponse> => {
    const { page } = request.query;
    return blockedUsers(db, page);
  });

  app.post('/moderacion/usuarios/:id/desbloquear', { ...guard, schema: desbloqueoRoute }, async (request) => {
    const { motivo } = request.body;
    const id = request.params.id;
    if (!isUuid(id) || !(await findUserById(db, id))) throw new HttpError(404, USER_NOT_FOUND);
    const done = await unblockUser(db, id, moderator(request.user), motivo, new Date(clock.now()));
    if (!done) throw new HttpError(409, MSG.usuarioNoBloqueado);
    if (done.listings.length) await searchChanges.announce({ rows: done.listings.map(searchRowOf) });
    authEvent(request, 'user_unblocked', id, { listings: done.listings.length });
    mailer.send(accountUnblockedMessage(done.user.email, done.user.name, siteLink(ROUTES.login)));
    return { ok: true as const, anuncios: done.listings.length };
  });
}
