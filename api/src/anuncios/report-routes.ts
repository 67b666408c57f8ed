/**
 * `POST /anuncio/{id}/reportes` (issue 23): anyone may report a listing the public can see, with a
 * reason and an optional comment. A signed-in user (bearer token) counts as their account, a
 * visitor as their client (an IPv4 address or an IPv6 /64, like the rate limits); one report per
 * listing and reporter a day, and a per-client limit besides. Issue 40: every report is kept for
 * the moderators, but only those of accounts with standing (confirmed, REPORTER_MIN_ACCOUNT_DAYS
 * old) count toward a hold, one per network; when they reach REPORTS_TO_HOLD within
 * REPORT_WINDOW_DAYS the listing is held (en revisión): it leaves search on every instance and its
 * owner is emailed. reports-repository.ts has the rest of the rule.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, REPORTER_MIN_ACCOUNT_DAYS, REPORT_WINDOW_DAYS, ROUTES } from 'shared-contracts';
import { reporteSchema } from 'shared-contracts/schemas';
import { messageSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { clientKey } from '../plugins/rate-limit-keys';
import { bearer, errors, idParams, orEmpty } from '../route-schemas';
import { findPublished } from './repository';
import { searchRowOf } from '../search';
import { findUserById } from '../accounts/repository';
import { listingHeldMessage } from '../mail/moderation-templates';
import type { UserRow } from '../db/schema';
import { addReport } from '../moderation/reports-repository';

/** An account whose report counts toward a hold: confirmed, not blocked, at least REPORTER_MIN_ACCOUNT_DAYS old. */
function hasStanding(user: UserRow | null, nowMs: number): boolean {
  return Boolean(user && user.confirmed && !user.blockedAt && user.createdAt.getTime() <= nowMs - REPORTER_MIN_ACCOUNT_DAYS * 24 * 3600_000);
}

const schema = {
  tags: ['Anuncios'],
  description: 'A bearer token is optional: it makes the account the reporter.',
  security: [...bearer, {}],
  params: idParams,
  body: orEmpty(reporteSchema),
  response: { 201: messageSchema, ...errors(401, 403, 404, 409, 429) },
};

export default async function reportRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, clock, mailer, searchChanges } = app;

  /** A token makes the account the reporter; a bad one is refused rather than counted as a visitor. */
  const optionalUser = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await app.authenticate.call(app, request, reply);
  };

  app.post('/anuncio/:id/reportes', { preValidation: [app.limitReport, optionalUser], schema }, async (request, reply) => {
    const { body } = request;
    const listing = isUuid(request.params.id) ? await findPublished(db, request.params.id) : null;
    if (!listing) throw new HttpError(404, MSG.notFound);
    const user = request.user;
    if (user && listing.ownerId === user.id) throw new HttpError(403, MSG.reportePropio);
    const now = clock.now();
    const network = clientKey(request.ip);
    const outcome = await addReport(
      db,
      { anuncioId: listing.id, reporter: user ? `u:${user.id}` : network, userId: user?.id ?? null, network, counts: hasStanding(user, now), motivo: body.motivo, comentario: body.comentario },
      { now: new Date(now), threshold: config.reportsToHold, windowDays: REPORT_WINDOW_DAYS, immunityDays: config.approvalImmunityDays, moderated: config.moderatorEmails.length > 0 },
    );
    if (outcome.kind === 'gone') throw new HttpError(404, MSG.notFound);
    if (outcome.kind === 'repeated') throw new HttpError(409, MSG.reporteRepetido);
    if (outcome.held) {
      await searchChanges.announce({ rows: [searchRowOf(listing)] });
      const owner = outcome.held.ownerId ? await findUserById(db, outcome.held.ownerId) : null;
      if (owner) mailer.send(listingHeldMessage(owner.email, owner.name, outcome.held.title || outcome.held.propiedad, `${config.publicSiteUrl}${ROUTES.misAnuncios}`));
    }
    return reply.code(201).send({ message: MSG.reporteGracias });
  });
}
