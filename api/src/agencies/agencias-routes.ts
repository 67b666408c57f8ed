/**
 * GET /agencias (issue 46): every agency's slug and name, which the site shows as a listing's
 * advertiser ("Empresa: X") instead of a compiled list. Public; answered from memory for
 * CACHE_MS on each instance (an agency the operator adds shows within that time) and cacheable
 * by browsers and CDNs for as long, so hammering it never reaches the database.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AgenciasResponse } from 'shared-contracts';
import { agenciasResponseSchema } from 'shared-contracts/responses';
import { agencyRefs } from './repository';

export const AGENCIAS_CACHE_MS = 30_000;

const schema = { tags: ['Búsqueda'], response: { 200: agenciasResponseSchema } };

const agenciasRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let cached: { at: number; answer: Promise<AgenciasResponse> } | null = null;
  const load = () => {
    const now = Date.now();
    if (!cached || now - cached.at >= AGENCIAS_CACHE_MS) {
      const answer = agencyRefs(app.db).then((agencias) => ({ agencias }));
      cached = { at: now, answer };
      // A failed read is not kept: the next request asks again.
      answer.catch(() => {
        if (cached?.answer === answer) cached = null;
      });
    }
    return cached.answer;
  };
  app.get('/agencias', { schema }, async (_req, reply) => {
    const answer = await load();
    reply.header('cache-control', `public, max-age=${AGENCIAS_CACHE_MS / 1000}`);
    return answer;
  });
};

export default agenciasRoutes;
