/**
 * Routes for the browser tests only, registered when PORTAL_TEST_ROUTES=1 (never in production):
 * set the API's clock some days ahead of real time and run the expiry job now, so a test can live through a listing's
 * 90 days and receive its reminder on the real SMTP receiver.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from './clock';
import { runExpiryJob } from './anuncios/expiry-job';
import { runAlertJob } from './busquedas/alert-job';

/** The system clock plus an offset the test route sets. */
export function offsetClock(base: Clock): Clock & { setOffset(ms: number): void } {
  let offset = 0;
  return { now: () => base.now() + offset, setOffset: (ms) => void (offset = ms) };
}

/** How far ahead of real time the API lives; a test sets it back to 0 when done. */
const offsetSchema = z.object({ days: z.number().min(0).max(3650) });

export default async function testRoutes(fastify: FastifyInstance, opts: { clock: ReturnType<typeof offsetClock> }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The browser tests' own calls: not part of the API's description.
  app.post('/__test/clock', { schema: { hide: true, body: offsetSchema } }, async (request) => {
    const { days } = request.body;
    opts.clock.setOffset(days * 24 * 3600_000);
    return { now: new Date(opts.clock.now()).toISOString() };
  });
  app.post('/__test/expiry', { schema: { hide: true } }, async () => {
    const run = await runExpiryJob(app);
    await app.mailer.flush();
    return run;
  });
  // Issue 22: the alert job now, instead of waiting for its minute.
  app.post('/__test/alerts', { schema: { hide: true } }, async () => runAlertJob(app));
}
