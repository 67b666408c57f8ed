/**
 * Issue 22: saved searches, `GET/POST /busquedas`, `PATCH/DELETE /busquedas/{id}`, and the alert
 * emails' one-click unsubscribe `POST /busquedas/{id}/baja?token=…` (RFC 8058: mail programs post
 * `List-Unsubscribe=One-Click` as a form; the site's page posts JSON; no session either way). A
 * search with the same filters as one of the user's is refused (issue 39: 409, its name told).
 */
import type { FastifyInstance } from 'fastify';
import { SAVED_MSG, proposeSearchName, type BusquedasResponse, type SavedSearch } from 'shared-contracts';
import { busquedaCreateSchema, busquedaPatchSchema } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { isUuid } from '../plugins/auth';
import { BusquedaRepetidaError, BusquedasLimitError, createSearch, deleteSearch, listSearches, toSavedSearch, unsubscribeSearch, updateSearch } from './repository';
import { acceptOneClickForms, isValidUnsubscribeToken } from './unsubscribe-link';

export default async function busquedaRoutes(app: FastifyInstance) {
  const { db, clock, config } = app;
  const idOf = (raw: string) => {
    if (!isUuid(raw)) throw new HttpError(404, SAVED_MSG.busquedaNoEncontrada);
    return raw.toLowerCase();
  };
  acceptOneClickForms(app);

  app.get('/busquedas', { preHandler: app.authenticate, exposeHeadRoute: false }, async (request): Promise<BusquedasResponse> => ({
    busquedas: (await listSearches(db, request.user!.id)).map(toSavedSearch),
  }));

  app.post('/busquedas', { preHandler: app.authenticate }, async (request, reply) => {
    const { nombre, filters, frecuencia } = busquedaCreateSchema.parse(request.body);
    try {
      const row = await createSearch(db, request.user!.id, { nombre: nombre ?? proposeSearchName(filters), filters, frecuencia }, new Date(clock.now()));
      return reply.code(201).send(toSavedSearch(row) satisfies SavedSearch);
    } catch (err) {
      if (err instanceof BusquedasLimitError) throw new HttpError(409, SAVED_MSG.busquedasLimit);
      if (err instanceof BusquedaRepetidaError) throw new HttpError(409, SAVED_MSG.busquedaRepetida(err.nombre));
      throw err;
    }
  });

  app.patch<{ Params: { id: string } }>('/busquedas/:id', { preHandler: app.authenticate }, async (request): Promise<SavedSearch> => {
    const patch = busquedaPatchSchema.parse(request.body);
    const row = await updateSearch(db, request.user!.id, idOf(request.params.id), patch, new Date(clock.now()));
    if (!row) throw new HttpError(404, SAVED_MSG.busquedaNoEncontrada);
    return toSavedSearch(row);
  });

  app.delete<{ Params: { id: string } }>('/busquedas/:id', { preHandler: app.authenticate }, async (request) => {
    if (!(await deleteSearch(db, request.user!.id, idOf(request.params.id)))) throw new HttpError(404, SAVED_MSG.busquedaNoEncontrada);
    return { ok: true as const };
  });

  app.post<{ Params: { id: string }; Querystring: { token?: string } }>('/busquedas/:id/baja', async (request) => {
    const id = request.params.id;
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    if (!isUuid(id) || !isValidUnsubscribeToken(config.jwtSecret, id.toLowerCase(), token)) throw new HttpError(400, SAVED_MSG.bajaInvalida);
    const nombre = await unsubscribeSearch(db, id.toLowerCase(), new Date(clock.now()));
    // A search deleted since the email was sent sends nothing any more: the wish is fulfilled.
    return { ok: true as const, nombre: nombre ?? '' };
  });
}
