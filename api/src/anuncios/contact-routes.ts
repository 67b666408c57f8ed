/**
 * `POST /anuncio/{id}/contacto` with `{canal}` (issue 19, item 5): the seller's phone and email,
 * given only when a visitor presses Contacto or Email. No login, limited per client (an IPv4
 * address or an IPv6 /64), so reading every seller's phone takes as many requests as listings and
 * runs into the limit, where paging the list used to hand out twelve at a time. Each press is
 * counted per listing and channel (contact_leads), the base for the seller's lead figures; WhatsApp
 * (issue 21) is a channel of the same call. Crawlers are answered but not counted. The phone is
 * answered in E.164 when it parses (older and feed numbers may not, and are answered as they are).
 * Issue 40: only listings still on offer. A sold or rented one keeps its detail page (with its
 * banner, and no contact buttons) but its seller's phone and email are no longer given: 410 with a
 * Spanish message; any listing the public cannot open (paused, expired, held, withdrawn, blocked
 * owner, gone) is 404 as for the detail.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, type ContactoResponse, type Estado } from 'shared-contracts';
import { contactoSchema, phoneOrAsIs } from 'shared-contracts/schemas';
import { contactoResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { errors, idParams, orEmpty } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { contactLeads } from '../db/schema';
import { findPublished } from './repository';
import { isBot } from './bots';

/** Why a public listing gives no contact any more. */
const CLOSED: Partial<Record<Estado, string>> = { vendido: MSG.contactoVendido, alquilado: MSG.contactoAlquilado };

const schema = { tags: ['Anuncios'], params: idParams, body: orEmpty(contactoSchema), response: { 200: contactoResponseSchema, ...errors(404, 410, 429) } };

export default async function contactRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  app.post('/anuncio/:id/contacto', { preValidation: app.limitContact, schema }, async (request): Promise<ContactoResponse> => {
    const { canal } = request.body;
    const row = isUuid(request.params.id) ? await findPublished(db, request.params.id) : null;
    if (!row) throw new HttpError(404, MSG.notFound, { error: MSG.notFound, message: MSG.notFound });
    const closed = CLOSED[row.estado];
    if (closed) throw new HttpError(410, closed);
    if (isBot(request.headers['user-agent'])) return { movil: phoneOrAsIs(row.movil), email: row.email };
    await db
      .insert(contactLeads)
      .values({ anuncioId: row.id, canal, count: 1, lastAt: new Date(app.clock.now()) })
      .onConflictDoUpdate({ target: [contactLeads.anuncioId, contactLeads.canal], set: { count: sql`${contactLeads.count} + 1`, lastAt: new Date(app.clock.now()) } });
    return { movil: phoneOrAsIs(row.movil), email: row.email };
  });
}
