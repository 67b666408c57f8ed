/**
 * GET /geocode/search?q= and GET /geocode/reverse?lng=&lat= for the address picker.
 * Bad input answers 400 {error}; an unreachable remote geocoder 502 {error} with the SPEC's text.
 */
import type { FastifyPluginAsync, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { MSG } from 'shared-contracts';
import { firstError } from 'shared-contracts/schemas';
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

async function answer(reply: FastifyReply, run: () => Promise<unknown>) {
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

const geocodeRoutes: FastifyPluginAsync<GeocodeRoutesOptions> = async (app, opts) => {
  const base = opts.provider ?? createGeocoder({ geocoderUrl: opts.geocoderUrl, timeoutMs: opts.timeoutMs });
  // The offline gazetteer answers from memory; a remote one (GEOCODER_URL) is cached and each
  // client's lookups are limited, so nobody can make the portal hammer the remote server.
  const remote = Boolean(opts.geocoderUrl);
  const provider = remote ? cachedGeocoder(base, { now: opts.now }) : base;
  const routeOpts = remote && opts.limit ? { preHandler: opts.limit } : {};

  app.get('/geocode/search', routeOpts, async (req, reply) => {
    const parsed = searchQuery.safeParse(req.query);
    if (!parsed.success) return reply.code(400).send({ error: firstError(parsed.error) });
    return answer(reply, () => provider.search(parsed.data.q));
  });

  app.get('/geocode/reverse', routeOpts, async (req, reply) => {
    const parsed = reverseQuery.safeParse(req.query);
    if (!parsed.success) return reply.code(400).send({ error: firstError(parsed.error) });
    return answer(reply, () => provider.reverse(parsed.data.lng, parsed.data.lat));
  });
};

export default geocodeRoutes;
