/**
 * GET /lugares/{slug}: the place a landing page's slug names (resolve.ts), for the site's server
 * renderer and the browser alike. 404 {error} for a slug that names no place, so an address like
 * /venta/casa/foo is a 404 page and never the whole catalogue under a made-up name.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANDING_MSG, LUGAR_SLUG, LUGAR_SLUG_MAX } from 'shared-contracts';
import { lugarResponseSchema } from 'shared-contracts/responses';
import { errors } from '../route-schemas';
import { optionLists } from '../search';
import { resolveLugar } from './resolve';

const schema = { tags: ['Búsqueda'], params: z.object({ slug: z.string() }), response: { 200: lugarResponseSchema, ...errors(404) } };

const lugaresRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/lugares/:slug', { schema }, async (req, reply) => {
    const { slug } = req.params;
    if (slug.length > LUGAR_SLUG_MAX || !LUGAR_SLUG.test(slug)) return reply.code(404).send({ error: LANDING_MSG.lugarDesconocido });
    const options = await app.searchCache.options(() => optionLists(app.db));
    const lugar = resolveLugar(slug, options);
    if (!lugar) return reply.code(404).send({ error: LANDING_MSG.lugarDesconocido });
    return lugar;
  });
};

export default lugaresRoutes;
