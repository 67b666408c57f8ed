/**
 * GET /agencias (issue 46): every agency's slug and name, which the site shows as a listing's
 * advertiser ("Empresa: X") instead of a compiled list. Public; answered from memory for
 * CACHE_MS on each instance (an agency the operator adds shows within that time) and cacheable
 * by browsers and CDNs for as long, so hammering it never reaches the database.
 *
 * GET /agencias/{slug}: an agency's public profile (its page /inmobiliaria/{slug},
 * docs/decisions/0043-agency-page.md), cached the same way per slug. A slug that cannot be one
 * answers 404 without a query; unknown slugs are cached too (as 404), and the cache holds at most
 * PROFILE_CACHE_MAX slugs (emptied when full), so a flood of invented slugs stays bounded.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGENCIA_MSG, AGENCIA_SLUG, AGENCIA_SLUG_MAX, type AgenciaPerfil, type AgenciasResponse } from 'shared-contracts';
import { agenciaPerfilResponseSchema, agenciasResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { errors } from '../route-schemas';
import { agencyProfile, agencyRefs } from './repository';

export const AGENCIAS_CACHE_MS = 30_000;
export const PROFILE_CACHE_MAX = 5_000;

const schema = { tags: ['Búsqueda'], response: { 200: agenciasResponseSchema } };
const profileSchema = {
  tags: ['Búsqueda'],
  params: z.object({ slug: z.string() }),
  response: { 200: agenciaPerfilResponseSchema, ...errors(404) },
};

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

  const profiles = new Map<string, { at: number; answer: Promise<AgenciaPerfil | null> }>();
  const loadProfile = (slug: string) => {
    const now = Date.now();
    const hit = profiles.get(slug);
    if (hit && now - hit.at < AGENCIAS_CACHE_MS) return hit.answer;
    if (profiles.size >= PROFILE_CACHE_MAX) profiles.clear();
    const answer = agencyProfile(app.db, slug);
    profiles.set(slug, { at: now, answer });
    answer.catch(() => {
      if (profiles.get(slug)?.answer === answer) profiles.delete(slug);
    });
    return answer;
  };
  app.get('/agencias/:slug', { schema: profileSchema }, async (req, reply) => {
    const { slug } = req.params;
    const profile = slug.length <= AGENCIA_SLUG_MAX && AGENCIA_SLUG.test(slug) ? await loadProfile(slug) : null;
    reply.header('cache-control', `public, max-age=${AGENCIAS_CACHE_MS / 1000}`);
    if (!profile) throw new HttpError(404, AGENCIA_MSG.noEncontrada);
    return profile;
  });
};

export default agenciasRoutes;
