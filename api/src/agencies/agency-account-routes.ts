/**
 * Agency accounts (issue 46, docs/decisions/0042-agency-accounts.md), every call signed in:
 * - `GET /miInmobiliaria`: the account's agency (or none), its role, and for the administrator
 *   the members and pending invitations;
 * - `POST /miInmobiliaria`: create an agency (kind 'account'); the creator is its administrator;
 * - `PUT /miInmobiliaria`: the administrator edits the profile;
 * - `POST /miInmobiliaria/invitaciones`: the administrator invites an agent by email (limited);
 * - `POST /miInmobiliaria/aceptar`: the invited account accepts with the emailed token;
 * - `DELETE /miInmobiliaria/miembros/{id}`: the administrator removes an agent (the agent's
 *   listings stay with the agency, owned by the administrator);
 * - `GET /miInmobiliaria/anuncios`: the administrator's view of every listing of the agency, with
 *   its agent and figures (views, contacts, WhatsApp), as "Mis anuncios" shows an owner's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGENCIA_INVITACION_HORAS, MI_INMOBILIARIA_MSG as M, aceptarInvitacionPath, type MiInmobiliariaResponse } from 'shared-contracts';
import { agenciaAceptarSchema, agenciaInvitarSchema, agenciaPerfilSchema } from 'shared-contracts/schemas';
import { agenciaAnunciosResponseSchema, messageSchema, miInmobiliariaResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { bearer, errors } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { agencyInvitationMessage } from '../mail/templates';
import { accountRef, authEvent } from '../accounts/auth-events';
import { toAnuncio } from '../anuncios/serialize';
import { NO_STATS, listingStats } from '../anuncios/stats';
import { searchRowOf } from '../search';
import {
  AlreadyMember,
  acceptInvitation,
  agencyListings,
  createAccountAgency,
  createInvitation,
  membersOf,
  membershipOf,
  pendingInvitations,
  perfilOf,
  removeAgent,
  updateAgencyProfile,
  type Membership,
} from './account-repository';

const tags = ['Inmobiliaria'];
const secured = { tags, security: bearer };

export default async function agencyAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // emailed links expire by the real clock, as the account links do (accounts/tokens.ts)
  const { db, realClock, config, mailer } = app;

  async function answer(m: Membership | null): Promise<MiInmobiliariaResponse> {
    if (!m) return { agencia: null, rol: null, miembros: [], invitaciones: [] };
    const admin = m.rol === 'admin';
    const [miembros, invitaciones] = admin ? await Promise.all([membersOf(db, m.agencia.id), pendingInvitations(db, m.agencia.id, new Date(realClock.now()))]) : [[], []];
    return {
      agencia: perfilOf(m.agencia),
      rol: m.rol,
      miembros: miembros.map((u) => ({ _id: u._id, nombre: `${u.name} ${u.apellido}`.trim(), email: u.email, rol: u.rol })),
      invitaciones: invitaciones.map((i) => ({ email: i.email, vence: i.expiresAt.toISOString() })),
    };
  }

  /** The signed-in administrator's membership, or 403 in Spanish. */
  async function adminOf(request: FastifyRequest): Promise<Membership> {
    const m = await membershipOf(db, request.user!.id);
    if (!m) throw new HttpError(403, M.sinInmobiliaria);
    if (m.rol !== 'admin') throw new HttpError(403, M.soloAdministrador);
    return m;
  }

  const read = { ...secured, response: { 200: miInmobiliariaResponseSchema, ...errors(401) } };
  app.get('/miInmobiliaria', { preValidation: app.authenticate, exposeHeadRoute: false, schema: read }, async (request) => answer(await membershipOf(db, request.user!.id)));

  const create = { ...secured, body: agenciaPerfilSchema, response: { 201: miInmobiliariaResponseSchema, ...errors(401, 409) } };
  app.post('/miInmobiliaria', { preValidation: app.authenticate, schema: create }, async (request, reply) => {
    const user = request.user!;
    try {
      const agencia = await createAccountAgency(db, user.id, request.body);
      authEvent(request, 'agency_created', user.id, { agencia: agencia.slug });
      reply.code(201);
      return answer({ agencia, rol: 'admin' });
    } catch (err) {
      if (err instanceof AlreadyMember) throw new HttpError(409, M.yaPertenece);
      throw err;
    }
  });

  const edit = { ...secured, body: agenciaPerfilSchema, response: { 200: miInmobiliariaResponseSchema, ...errors(401, 403) } };
  app.put('/miInmobiliaria', { preValidation: app.authenticate, schema: edit }, async (request) => {
    const m = await adminOf(request);
    const agencia = await updateAgencyProfile(db, m.agencia.id, request.body, new Date(realClock.now()));
    return answer({ agencia, rol: 'admin' });
  });

  const invite = { ...secured, body: agenciaInvitarSchema, response: { 200: messageSchema, ...errors(401, 403, 409, 429) } };
  app.post('/miInmobiliaria/invitaciones', { preValidation: app.authenticate, preHandler: app.limitInvite, schema: invite }, async (request) => {
    const m = await adminOf(request);
    const { email } = request.body;
    const members = await membersOf(db, m.agencia.id);
    if (members.some((u) => u.email.toLowerCase() === email)) throw new HttpError(409, M.yaMiembro);
    const token = await createInvitation(db, m.agencia.id, email, request.user!.id, realClock.now());
    const link = `${config.publicSiteUrl}${aceptarInvitacionPath(token)}`;
    mailer.send(agencyInvitationMessage(email, m.agencia.name, request.user!.name, link, AGENCIA_INVITACION_HORAS / 24));
    authEvent(request, 'agency_invited', request.user!.id, { agencia: m.agencia.slug });
    return { message: M.invitacionEnviada(email) };
  });

  const accept = { ...secured, body: agenciaAceptarSchema, response: { 200: miInmobiliariaResponseSchema.extend({ message: z.string() }), ...errors(400, 401, 409) } };
  app.post('/miInmobiliaria/aceptar', { preValidation: app.authenticate, schema: accept }, async (request) => {
    const user = request.user!;
    const outcome = await acceptInvitation(db, request.body.token, user, realClock.now());
    if (!outcome.ok) {
      if (outcome.why === 'used') throw new HttpError(409, M.invitacionUsada);
      if (outcome.why === 'already-member') throw new HttpError(409, M.yaPertenece);
      if (outcome.why === 'other-email') throw new HttpError(409, M.invitacionOtroEmail(outcome.email ?? ''));
      throw new HttpError(400, M.invitacionNoValida);
    }
    authEvent(request, 'agency_joined', user.id, { agencia: outcome.agencia.slug });
    return { ...(await answer({ agencia: outcome.agencia, rol: 'agente' })), message: M.bienvenido(outcome.agencia.name) };
  });

  const remove = { ...secured, params: z.object({ id: z.string() }), response: { 200: messageSchema, ...errors(401, 403, 404) } };
  app.delete('/miInmobiliaria/miembros/:id', { preValidation: app.authenticate, schema: remove }, async (request) => {
    const m = await adminOf(request);
    const { id } = request.params;
    const moved = isUuid(id) ? await removeAgent(db, m.agencia, request.user!.id, id) : null;
    if (!moved) throw new HttpError(404, M.miembroDesconocido);
    // The owner is not part of what searches match; the caches are told anyway so a cached card never outlives its row.
    if (moved.length) await app.searchChanges.announce({ rows: moved.map(searchRowOf) });
    authEvent(request, 'agency_member_removed', request.user!.id, { agencia: m.agencia.slug, agente: accountRef(config.jwtSecret, id), anuncios: moved.length });
    return { message: M.agenteQuitado };
  });

  const listings = { ...secured, response: { 200: agenciaAnunciosResponseSchema, ...errors(401, 403) } };
  app.get('/miInmobiliaria/anuncios', { preValidation: app.authenticate, exposeHeadRoute: false, schema: listings }, async (request) => {
    const m = await adminOf(request);
    const rows = await agencyListings(db, m.agencia.slug);
    // views still in the buffer are written first, as on "Mis anuncios"
    await app.viewCounter.flush();
    const stats = await listingStats(db, rows.map(({ row }) => row.id));
    return {
      anuncios: rows.map(({ row, ownerName, ownerApellido }) => ({
        ...toAnuncio(row, config.photosBaseUrl, config.listingTtlDays),
        agente: `${ownerName ?? ''} ${ownerApellido ?? ''}`.trim(),
        estadisticas: stats.get(row.id) ?? NO_STATS,
      })),
    };
  });
}
