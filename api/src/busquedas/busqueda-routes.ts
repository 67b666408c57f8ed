/**
 * Issue 22: saved searches, `GET/POST /busquedas`, `PATCH/DELETE /busquedas/{id}`, and the alert
 * emails' one-click unsubscribe `POST /busquedas/{id}/baja?token=…` (RFC 8058: mail programs post
 * `List-Unsubscribe=One-Click` as a form; the site's page posts JSON; no session either way). A
 * search with the same filters as one of the user's is refused (issue 39: 409, its name told).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SAVED_MSG, proposeSearchName, type BusquedasResponse, type SavedSearch } from 'shared-contracts';
import { busquedaCreateSchema, busquedaPatchSchema } from 'shared-contracts/schemas';
import { busquedasResponseSchema, okSchema, savedSearchResponseSchema } from 'shared-contracts/responses';
import { HttpError } from '../http-error';
import { bearer, errors, idParams, refusedAs } from '../route-schemas';
import { isUuid } from '../plugins/auth';
import { BusquedaRepetidaError, BusquedasLimitError, createSearch, deleteSearch, listSearches, toSavedSearch, unsubscribeSearch, updateSearch } from './repository';
import { acceptOneClickForms, isValidUnsubscribeToken } from './unsubscribe-link';

const tags = ['Búsquedas guardadas'];
const own = { tags, security: bearer };
/** The one-click unsubscribe: the signed token in the query (a mail program posts a form, the site JSON). */
const bajaSchema = {
  tags,
  params: idParams,
  querystring: z.object({ token: z.string().optional() }),
  response: { 200: okSchema.extend({ nombre: z.string() }), ...errors(400) },
};

export default async function busquedaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app;
  const idOf = (raw: string) => {
    if (!isUuid(raw)) throw new HttpError(404, SAVED_MSG.busquedaNoEncontrada);
    return raw.toLowerCase();
  };
  acceptOneClickForms(app);

  app.get('/busquedas', { preValidation: app.authenticate, exposeHeadRoute: false, schema: { ...own, response: { 200: busquedasResponseSchema, ...errors(401) } } }, async (request): Promise<BusquedasResponse> => ({
    busquedas: (await listSearches(db, request.user!.id)).map(toSavedSearch),
  }));

  const createSchema = { ...own, body: busquedaCreateSchema, response: { 201: savedSearchResponseSchema, ...errors(401, 409) } };
  app.post('/busquedas', { preValidation: app.authenticate, schema: createSchema }, async (request, reply) => {
    const { nombre, filters, frecuencia } = request.body;
    try {
      const row = await createSearch(db, request.user!.id, { nombre: nombre ?? proposeSearchName(filters), filters, frecuencia }, new Date(clock.now()));
      return reply.code(201).send(toSavedSearch(row) satisfies SavedSearch);
    } catch (err) {
      if (err instanceof BusquedasLimitError) throw new HttpError(409, SAVED_MSG.busquedasLimit);
      if (err instanceof BusquedaRepetidaError) throw new HttpError(409, SAVED_MSG.busquedaRepetida(err.nombre));
      throw err;
    }
  });

  const patchSchema = { ...own, params: idParams, body: busquedaPatchSchema, response: { 200: savedSearchResponseSchema, ...errors(401, 404) } };
  app.patch('/busquedas/:id', { preValidation: app.authenticate, schema: patchSchema }, async (request): Promise<SavedSearch> => {
    const patch = request.body;
    const row = await updateSearch(db, request.user!.id, idOf(request.params.id), patch, new Date(clock.now()));
    if (!row) throw new HttpError(404, SAVED_MSG.busquedaNoEncontrada);
    return toSavedSearch(row);
  });

  app.delete('/busquedas/:id', { preValidation: app.authenticate, schema: { ...own, params: idParams, response: { 200: okSchema, ...errors(401, 404) } } }, async (request) => {
    if (!(await deleteSearch(db, request.user!.id, idOf(request.params.id)))) throw new HttpError(404, SAVED_MSG.busquedaNoEncontrada);
    return { ok: true as const };
  });

  app.post('/busquedas/:id/baja', { schema: bajaSchema, schemaErrorFormatter: refusedAs(SAVED_MSG.bajaInvalida) }, async (request) => {
    const id = request.params.id;
    const token = request.query.token ?? '';
    if (!isUuid(id) || !isValidUnsubscribeToken(config.jwtSecret, id.toLowerCase(), token)) throw new HttpError(400, SAVED_MSG.bajaInvalida);
    const nombre = await unsubscribeSearch(db, id.toLowerCase(), new Date(clock.now()));
    // A search deleted since the email was sent sends nothing any more: the wish is fulfilled.
    return { ok: true as const, nombre: nombre ?? '' };
  });
}
