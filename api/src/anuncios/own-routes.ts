/** The signed-in user's listings with their figures: `POST /misAnuncios` (the plan is bought in accounts/plan-routes.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MisAnunciosResponse } from 'shared-contracts';
import { listingCorrections } from 'shared-contracts/schemas';
import { misAnunciosResponseSchema } from 'shared-contracts/responses';
import { userMessage } from '../plugins/error-handler';
import { bearer, errors } from '../route-schemas';
import { toAnuncio } from './serialize';
import { listOwn, quotaOf } from './repository';
import { NO_STATS, listingStats } from './stats';

export default async function ownRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;

  const schema = { tags: ['Anuncios'], security: bearer, response: { 200: misAnunciosResponseSchema, ...errors(401) } };
  app.post('/misAnuncios', { preValidation: app.authenticate, schema }, async (request): Promise<MisAnunciosResponse> => {
    const user = request.user!;
    const rows = await listOwn(db, user.id);
    // Only active listings use a slot of the plan (issue 20); an agency member's plan is the agency's (issue 46).
    const quota = await quotaOf(db, user.id);
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
      canitdadDeAnunciosDisponibles: Math.max(0, quota.miPlan - quota.used),
      miPlan: quota.miPlan,
    };
  });
}
