/**
 * Route schemas and the API's description (issues 41 and 45, decision 0025). Every route declares
 * its body, querystring, params and responses with the contracts' zod schemas; this plugin makes
 * Fastify validate requests with them (fastify-type-provider-zod's validator: the parsed value is
 * what the handler gets, a refusal reaches the error handler as a validation error) and, when
 * docs are on, describes the routes as OpenAPI 3.1 at `GET /openapi.json` and browsable at `/docs`.
 *
 * Answers are serialized with JSON.stringify, not checked against their schema at run time: a
 * response schema documents the answer (and strips nothing from it); the API tests check that the
 * answers match it (api/test/openapi.test.ts).
 *
 * Docs are on unless `config.apiDocs` is false (NODE_ENV=production without API_DOCS=1).
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { apiErrorSchema } from 'shared-contracts/responses';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** jsonSchemaTransform, plus the multipart bodies the handlers read themselves (route-schemas.ts `multipart`). */
function transform(input: TransformInput) {
  const { multipart, ...schema } = (input.schema ?? {}) as { multipart?: unknown };
  if (!multipart) return jsonSchemaTransform(input);
  return jsonSchemaTransform({ ...input, schema: { ...schema, body: multipart } } as TransformInput);
}

/** Any status a route does not list (invalid input, too many requests, server errors) answers `{error}`. */
function documentErrors(route: RouteOptions) {
  const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  if (!schema?.response || schema.hide) return;
  schema.response.default ??= apiErrorSchema;
}

/** Requests validated by the routes' zod schemas; answers serialized as they are (also for a route plugin tested alone). */
export function setZodCompilers(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

async function openapi(app: FastifyInstance) {
  setZodCompilers(app);
  app.addHook('onRoute', documentErrors);
  if (app.config.apiDocs === false) return;

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'InmueblesRD API',
        version: '1.0.0',
        description: 'The portal\'s HTTP API (SPEC §7). Errors answer `{"error": "<mensaje en español>"}`. Calls marked with a lock need `Authorization: Bearer <token>` from `POST /api/user/login`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  // The document at a stable address, besides swagger-ui's own `/docs/json`.
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())));
}

export default fp(openapi, { name: 'openapi', fastify: '5.x', dependencies: ['config'] });
