/**
 * The pieces every route schema repeats (decision 0025): the documented refusals, the bearer
 * token's mark, path parameters, and a body that may be left out.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from 'shared-contracts/responses';
import { HttpError } from './http-error';

/** Refusals a route answers besides the default `{error}` (plugins/openapi.ts): each is `{error}`. */
export function errors<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/** OpenAPI: the call needs `Authorization: Bearer <token>`. */
export const bearer = [{ bearer: [] }];

/** Path ids stay strings: each handler answers a malformed one as not found (404), never 400. */
export const idParams = z.object({ id: z.string() });

/** Calls whose body may be left out: no body is read as `{}` (Fastify hands a validator `null`). */
export const orEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((value) => value ?? {}, schema);

/** A route whose every refusal of its input is one message (an emailed link's calls). */
export const refusedAs = (message: string) => () => new HttpError(400, message);

/** An answer without a body. */
export const noContent = z.null().describe('No content');

/**
 * A listing upload's body (publish, edit) is multipart, read by the handler after the token and
 * the limits (anuncios/upload.ts), so Fastify does not validate it: `multipart` only documents it
 * (plugins/openapi.ts puts it in the document as the multipart/form-data request body).
 */
export const multipart = (fields: z.ZodObject) => ({
  consumes: ['multipart/form-data'],
  multipart: fields.extend({ images: z.array(z.string().meta({ format: 'binary' })).optional().describe('The photos, in order (field `images` or `images[]`)') }),
});

/** An answer already serialized (the search cache and the sitemap keep JSON text): Fastify sends a string as is. */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
