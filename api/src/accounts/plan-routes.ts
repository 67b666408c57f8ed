/** `POST /comprarPlan`: the signed-in user chooses a plan (SPEC §9: only the free one for now). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FREE_PLAN_COUNT, MSG, PLANS } from 'shared-contracts';
import { comprarPlanSchema } from 'shared-contracts/schemas';
import { comprarPlanResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { bearer, errors } from '../route-schemas';
import { setPlan } from './repository';
import { authEvent } from './auth-events';

export default async function planRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Cuenta'], security: bearer, body: comprarPlanSchema, response: { 200: comprarPlanResponseSchema, ...errors(401) } };

  app.post('/comprarPlan', { preValidation: app.authenticate, schema }, async (request) => {
    const plan = PLANS.find((p) => p.count === request.body.canitdadDeAnuncios);
    // Paid plans are shown as coming soon (SPEC §9): only the free one can be chosen for now.
    if (!plan?.selectable || plan.count !== FREE_PLAN_COUNT) throw new HttpError(400, MSG.paidPlanUnavailable);
    await setPlan(app.db, request.user!.id, plan.count);
    authEvent(request, 'plan_changed', request.user!.id, { plan: plan.count });
    return { miPlan: plan.count, message: MSG.compraExitosa };
  });
}
