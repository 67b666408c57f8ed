/** The signed-in user's listings and plan: `POST /misAnuncios` and `POST /comprarPlan`. */
import type { FastifyInstance } from 'fastify';
import { FREE_PLAN_COUNT, MSG, PLANS, type MisAnunciosResponse } from 'shared-contracts';
import { comprarPlanSchema, listingCorrections } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { userMessage } from '../plugins/error-handler';
import { setPlan } from '../accounts/repository';
import { authEvent } from '../accounts/auth-events';
import { toAnuncio } from './serialize';
import { listOwn } from './repository';
import { NO_STATS, listingStats } from './stats';

export default async function ownRoutes(app: FastifyInstance) {
  const { db, config } = app;

  app.post('/misAnuncios', { preHandler: app.authenticate }, async (request): Promise<MisAnunciosResponse> => {
    const user = request.user!;
    const rows = await listOwn(db, user.id);
    // Only active listings use a slot of the plan (issue 20).
    const active = rows.filter((r) => r.estado === 'activo').length;
    // views still in the buffer are written first, so the owner sees every counted view
    await app.viewCounter.flush();
    const stats = await listingStats(db, rows.map((r) => r.id));
    return {
      listaDeTodos: rows.map((r) => ({
        ...toAnuncio(r, config.photosBaseUrl, config.listingTtlDays),
        estadisticas: stats.get(r.id) ?? NO_STATS,
        // Issue 39: what the edit form will ask of a listing stored before its rules (a price of 0,
        // no title): shown to the owner to fix, never changed here.
        porCorregir: [...new Set(listingCorrections(r).map(userMessage))],
      })),
      canitdadDeAnunciosDisponibles: Math.max(0, user.miPlan - active),
      miPlan: user.miPlan,
    };
  });

  app.post('/comprarPlan', { preHandler: app.authenticate }, async (request) => {
    const { canitdadDeAnuncios } = comprarPlanSchema.parse(request.body);
    const plan = PLANS.find((p) => p.count === canitdadDeAnuncios);
    // Paid plans are shown as coming soon (SPEC §9): only the free one can be chosen for now.
    if (!plan?.selectable || plan.count !== FREE_PLAN_COUNT) throw new HttpError(400, MSG.paidPlanUnavailable);
    await setPlan(db, request.user!.id, plan.count);
    authEvent(request, 'plan_changed', request.user!.id, { plan: plan.count });
    return { miPlan: plan.count, message: MSG.compraExitosa };
  });
}
