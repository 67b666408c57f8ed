/**
 * The owner's status calls (issue 20): `GET /anuncio/{id}/editar` (the whole listing for the edit
 * form, in any status), `POST /anuncio/{id}/estado` and `POST /anuncio/{id}/renovar` (with a
 * session, or with the emailed link's token and no session). Making a listing active again
 * (resume, reactivate, renew an expired one) needs a free slot of the plan, checked under the
 * owner's lock like publishing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, closedEstadoFor, isModerated, type Estado, type OwnerEstado, type Proposito } from 'shared-contracts';
import { estadoSchema, renovarSchema } from 'shared-contracts/schemas';
import { anuncioResponseSchema, ownAnuncioResponseSchema, renovadoResponseSchema } from 'shared-contracts/responses';
import type { AnuncioRow } from '../db/schema';
import { HttpError } from '../http-error';
import { bearer, errors, idParams, orEmpty, refusedAs } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { toAnuncio, toOwnAnuncio } from './serialize';
import { QuotaError, assertFreeSlot, findById, type QuotaLock } from './repository';
import { lockForActivation, updateListing, type Tx } from './lifecycle-repository';
import { renewLinkState } from './renew-link';
import type { Db } from '../db/client';
import { mayManageListing } from '../agencies/account-repository';
import { searchRowOf } from '../search';

/** Where an owner may move a listing from each status; `activo` also needs a free slot. */
function allowed(from: Estado, to: OwnerEstado, proposito: Proposito): boolean {
  // Held or withdrawn by moderation (issue 23): only a moderator moves it (decision 0010).
  if (isModerated(from)) return false;
  if (to === 'pausado') return from === 'activo';
  if (to === 'activo') return from !== 'activo';
  return to === closedEstadoFor(proposito) && from !== to;
}

/** The listing when the user may manage it: its owner, or its agency's administrator (issue 46). */
async function ownedOrThrow(db: Db | Tx, row: AnuncioRow | null, userId: string): Promise<AnuncioRow> {
  if (!row) throw new HttpError(404, MSG.notFound);
  if (!(await mayManageListing(db, row, userId))) throw new HttpError(403, MSG.forbiddenEdit);
  return row;
}

/** A new period: active from now, the reminder of the next period not yet sent. */
const freshPeriod = (now: Date) => ({ estado: 'activo' as const, renewedAt: now, reminderSentAt: null, updatedAt: now });

async function activate(tx: Tx, row: AnuncioRow, quota: QuotaLock | null, now: Date): Promise<AnuncioRow> {
  // An active listing already holds its slot; any other needs a free one (of the agency's plan for an agent's).
  if (row.estado !== 'activo') {
    if (!quota) throw new QuotaError('owner missing');
    await assertFreeSlot(tx, row.ownerId as string, quota);
  }
  return updateListing(tx, row.id, freshPeriod(now));
}

const tags = ['Anuncios'];
const owner = { tags, security: bearer, params: idParams };

export default async function statusRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, clock, searchChanges } = app;
  const answer = (row: AnuncioRow) => toAnuncio(row, config.photosBaseUrl, config.listingTtlDays);
  const quotaAware = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof QuotaError) throw new HttpError(403, MSG.quotaReached);
      throw err;
    }
  };

  // No HEAD twin: an owner-only read has nothing to offer caches or link checkers.
  const editSchema = { ...owner, response: { 200: ownAnuncioResponseSchema, ...errors(401, 403, 404) } };
  app.get('/anuncio/:id/editar', { preValidation: app.authenticate, exposeHeadRoute: false, schema: editSchema }, async (request) => {
    const row = isUuid(request.params.id) ? await findById(db, request.params.id) : null;
    // In full, phone and email included: the owner's edit form shows them (issue 19 keeps them out of public answers).
    return toOwnAnuncio(await ownedOrThrow(db, row, request.user!.id), config.photosBaseUrl, config.listingTtlDays);
  });

  const estadoRoute = { ...owner, body: estadoSchema, response: { 200: anuncioResponseSchema, ...errors(401, 403, 404, 409) } };
  app.post('/anuncio/:id/estado', { preValidation: app.authenticate, schema: estadoRoute }, async (request) => {
    const { estado } = request.body;
    const id = request.params.id;
    if (!isUuid(id)) throw new HttpError(404, MSG.notFound);
    const row = await quotaAware(() =>
      db.transaction(async (tx) => {
        const { row: locked, quota } = await lockForActivation(tx, id);
        const current = await ownedOrThrow(tx, locked, request.user!.id);
        if (current.estado === estado) return current;
        if (!allowed(current.estado, estado, current.proposito as Proposito)) throw new HttpError(409, MSG.estadoNoPermitido);
        const now = new Date(clock.now());
        // Resuming or reactivating starts a new period, as a renewal does.
        if (estado === 'activo') return activate(tx, current, quota, now);
        return updateListing(tx, id, { estado });
      }),
    );
    // A listing entering or leaving search changes the entries its values belong to, everywhere.
    await searchChanges.announce({ rows: [searchRowOf(row)] });
    return answer(row);
  });

  const renovarRoute = {
    ...owner,
    description: "With the emailed link's `token` no session is needed; without it, the owner's bearer token.",
    security: [...bearer, {}],
    body: orEmpty(renovarSchema),
    response: { 200: renovadoResponseSchema, ...errors(401, 403, 404, 409) },
  };
  app.post('/anuncio/:id/renovar', { schema: renovarRoute, schemaErrorFormatter: refusedAs(MSG.invalidOrExpiredLink) }, async (request, reply) => {
    const linkToken = request.body.token;
    // Without the emailed token, only the signed-in owner may renew.
    if (linkToken === undefined) await app.authenticate.call(app, request, reply);
    const id = request.params.id;
    if (!isUuid(id)) throw new HttpError(linkToken === undefined ? 404 : 400, linkToken === undefined ? MSG.notFound : MSG.invalidOrExpiredLink);
    const { row, yaRenovado } = await quotaAware(() =>
      db.transaction(async (tx) => {
        const { row: locked, quota } = await lockForActivation(tx, id);
        let current: AnuncioRow;
        if (linkToken !== undefined) {
          // Checked against the period under the lock: two clicks of one link renew once.
          const link = locked ? renewLinkState(config.jwtSecret, id, locked.renewedAt, linkToken) : 'invalid';
          // The same link again, once it renewed (issue 39): said as done, nothing changes.
          if (link === 'used' && locked!.estado === 'activo') return { row: locked!, yaRenovado: true };
          if (link !== 'current') throw new HttpError(400, MSG.invalidOrExpiredLink);
          current = locked!;
        } else {
          current = await ownedOrThrow(tx, locked, request.user!.id);
        }
        if (current.estado !== 'activo' && current.estado !== 'vencido') throw new HttpError(409, MSG.renovacionNoPermitida);
        return { row: await activate(tx, current, quota, new Date(clock.now())), yaRenovado: false };
      }),
    );
    if (yaRenovado) return { ...answer(row), yaRenovado: true as const };
    // A listing entering or leaving search changes the entries its values belong to, everywhere.
    await searchChanges.announce({ rows: [searchRowOf(row)] });
    return answer(row);
  });
}
