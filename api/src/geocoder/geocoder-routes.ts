/**
 * GET /geocode/search?q= and GET /geocode/reverse?lng=&lat= for the address picker.
 * Bad input answers 400 {error}; an unreachable remote geocoder 502 {error} with the SPEC's text.
 */
import type { FastifyPluginAsync, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from 'shared-contracts';
import { geocodeResponseSchema } from 'shared-contracts/responses';
import { errors } from '../route-schemas';
import { createGeocoder } from './index';
import { cachedGeocoder } from './cached';
import { GeocoderUnavailableError, type GeocoderProvider } from './provider';

export interface GeocodeRoutesOptions {
  geocoderUrl?: string;
  /** Tests and alternative providers. */
  provider?: GeocoderProvider;
  timeoutMs?: number;
  /** Per-client limit of remote lookups (the app passes its rate-limit policy's preHandler). */
  limit?: preHandlerAsyncHookHandler;
  /** The clock of the remote answers' cache. */
  now?: () => number;
}

const searchQuery = z.object({ q: z.string({ error: MSG.invalidInput }).max(100, MSG.invalidInput) });
const coordinate = (min: number, max: number) =>
  z
    .string({ error: MSG.invalidInput })
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, MSG.invalidInput)
    .transform(Number)
    .pipe(z.number().min(min, MSG.invalidInput).max(max, MSG.invalidInput));
const reverseQuery = z.object({ lng: coordinate(-180, 180), lat: coordinate(-90, 90) });

async function answer<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof GeocoderUnavailableError) {
      reply.log.warn({ err }, 'geocoder unavailable');
      return reply.code(502).send({ error: MSG.geocoderError });
    }
    throw err;
  }
}

const response = { 200: geocodeResponseSchema, ...errors(429, 502) };
const tags = ['Mapa'];

const geocodeRoutes: FastifyPluginAsync<GeocodeRoutesOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = opts.provider ?? createGeocoder({ geocoderUrl: opts.geocoderUrl, timeoutMs: opts.timeoutMs });
  // The offline gazetteer answers from memory; a remote one (GEOCODER_URL) is cached and each
  // client's lookups are limited, so nobody can make the portal hammer the remote server.
  const remote = Boolean(opts.geocoderUrl);
  const provider = remote ? cachedGeocoder(base, { now: opts.now }) : base;
  const limit = remote && opts.limit ? { preValidation: opts.limit } : {};

  app.get('/geocode/search', { ...limit, schema: { tags, querystring: searchQuery, response } }, async (req, reply) => answer(reply, () => provider.search(req.query.q)));
  app.get('/geocode/reverse', { ...limit, schema: { tags, querystring: reverseQuery, response } }, async (req, reply) => answer(reply, () => provider.reverse(req.query.lng, req.query.lat)));
};

export default geocodeRoutes;
