/**
 * One error handler for the whole API. Client mistakes answer 4xx with a message meant for users;
 * anything else answers a generic 5xx body (never an internal message or stack) and is logged with
 * the request id. Input carrying NUL bytes or invalid UTF-8 is refused with 400 before it can reach
 * PostgreSQL (which would reject it with an internal error).
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from 'shared-contracts';
import { firstError } from 'shared-contracts/schemas';
import { HttpError } from '../http-error';
import { OverloadError } from '../db/work-queue';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when any string inside the value (keys included) holds a NUL character. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
  }
  return false;
}

/** zod's own English defaults (no SPEC message was attached): answered as the generic invalid-input text. */
const ZOD_DEFAULT = /^(Invalid (input|option|string|number|date|element|key|union|format)|Too (big|small)|Unrecognized key)/;

/** A schema's message as users see it: zod's English defaults become the generic invalid-input text. */
export function userMessage(message: string): string {
  return ZOD_DEFAULT.test(message) ? MSG.invalidInput : message;
}

export function zodMessage(error: ZodError): string {
  return userMessage(firstError(error));
}

/**
 * The database out of reach: refused or dropped connections, the pool's connect timeout, and
 * PostgreSQL's own shutdown / cannot-connect codes (class 08 and 57P01-57P03). Answered 503 so
 * clients retry; the pool reconnects by itself once the database is back.
 */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03']);
const NET_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NET_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && NET_MESSAGES.test(message)) return true;
  // drizzle wraps the driver's error in DrizzleQueryError.cause
  return isDatabaseUnavailable(cause, depth + 1);
}

/** PostgreSQL: invalid byte sequence, untranslatable character, invalid text representation. */
const PG_INPUT_ERRORS = new Set(['22021', '22P05', '22P02']);

/**
 * Drizzle's query errors read "Failed query: <sql>\nparams: <values>": the bound values are what a
 * user sent (emails, password hashes at sign-up). The log keeps the SQL and the cause, never the
 * values (issue 19, item 9).
 */
export function withoutParams(text: unknown): string {
  return String(text ?? '').replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [oculto]');
}

function loggableError(err: Error): Record<string, unknown> {
  // Anything can be thrown (a bare string, a plain object): only an Error has a message and a stack.
  if (!(err instanceof Error)) return { thrown: withoutParams(String(err)) };
  const cause = (err as { cause?: unknown }).cause;
  return {
    type: err.name,
    code: (err as { code?: string }).code,
    message: withoutParams(String(err.message ?? '')),
    stack: err.stack ? withoutParams(err.stack) : undefined,
    cause: cause instanceof Error ? { type: cause.name, code: (cause as { code?: string }).code, message: withoutParams(cause.message) } : undefined,
  };
}

async function errorHandler(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    try {
      utf8.decode(body as Buffer);
    } catch {
      done(new HttpError(400, MSG.invalidInput), undefined);
      return;
    }
    parseJson(req, (body as Buffer).toString('utf8'), done);
  });

  // Path parameters are left to the routes: each validates its id, and a malformed id is a 404.
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.query)) throw new HttpError(400, MSG.invalidInput);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: MSG.notFound, message: 'Not Found' });
  });

  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send(err.body);
    if (err instanceof ZodError) return reply.code(400).send({ error: zodMessage(err) });
    // A route schema refused the body, query or params (plugins/openapi.ts): its first issue's message.
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(400).send({ error: userMessage(err.validation[0]?.message ?? '') });
    // The photos module's refusals carry a user-facing message (its own 5xx do not).
    if (err.name === 'PhotoError' && ((err as FastifyError).statusCode ?? 400) < 500) return reply.code(400).send({ error: err.message });
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ error: MSG.tooManyRequests });
    const pgCode = (err as { code?: string }).code;
    if (pgCode && PG_INPUT_ERRORS.has(pgCode)) return reply.code(400).send({ error: MSG.invalidInput });
    if (status >= 400 && status < 500) {
      request.log.info({ err: { code: pgCode, message: withoutParams(err.message) } }, 'client error');
      return reply.code(status).send({ error: MSG.invalidInput });
    }
    // The search queue is full or PostgreSQL cancelled a statement at its timeout (57014).
    const causeCode = (err as { cause?: { code?: unknown } }).cause?.code; // drizzle wraps the driver's error
    if (err instanceof OverloadError || pgCode === '57014' || causeCode === '57014') {
      request.log.warn({ err: { code: pgCode, message: err.message.slice(0, 200) } }, 'base de datos saturada');
      return reply.code(503).header('retry-after', '2').send({ error: MSG.busy });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err: { code: pgCode, message: withoutParams(err.message).slice(0, 200) }, reqId: request.id }, 'base de datos no disponible');
      return reply.code(503).header('retry-after', '5').send({ error: MSG.serverError });
    }
    request.log.error({ err: loggableError(err), reqId: request.id }, 'request failed');
    return reply.code(500).send({ error: MSG.serverError });
  });
}

export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
