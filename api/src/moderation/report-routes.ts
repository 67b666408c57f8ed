/**
 * `POST /anuncio/{id}/reportes` (issue 23): anyone may report a listing the public can see, with a
 * reason and an optional comment. A signed-in user (bearer token) counts as their account, a
 * visitor as their client (an IPv4 address or an IPv6 /64, like the rate limits); one report per
 * listing and reporter a day, and a per-client limit besides. When the distinct reporters of the
 * last REPORT_WINDOW_DAYS reach REPORTS_TO_HOLD, the listing is held (en revisión): it leaves
 * search on every instance and its owner is emailed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, REPORT_WINDOW_DAYS, ROUTES } from 'shared-contracts';
import { reporteSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { clientKey } from '../plugins/rate-limit-keys';
import { findPublished } from '../anuncios/repository';
import { searchRowOf } from '../search';
import { findUserById } from '../accounts/repository';
import { listingHeldMessage } from '../mail/moderation-templates';
import { addReport } from './repository';

export default async function reportRoute(app: FastifyInstance) {
  const { db, config, clock, mailer, searchChanges } = app;

  /** A token makes the account the reporter; a bad one is refused rather than counted as a visitor. */
  const optionalUser = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await app.authenticate.call(app, request, reply);
  };

  app.post<{ Params: { id: string } }>('/anuncio/:id/reportes', { preHandler: [app.limitReport, optionalUser] }, async (request, reply) => {
    const body = reporteSchema.parse(request.body ?? {});
    const listing = isUuid(request.params.id) ? await findPublished(db, request.params.id) : null;
    if (!listing) throw new HttpError(404, MSG.notFound);
    const user = request.user;
    if (user && listing.ownerId === user.id) throw new HttpError(403, MSG.reportePropio);
    const outcome = await addReport(
      db,
      { anuncioId: listing.id, reporter: user ? `u:${user.id}` : clientKey(request.ip), userId: user?.id ?? null, motivo: body.motivo, comentario: body.comentario },
      { now: new Date(clock.now()), threshold: config.reportsToHold, windowDays: REPORT_WINDOW_DAYS },
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
