import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, type OutageLog, unavailableError } from '../db/unavailable.js';
import { AppError, GENERIC_MESSAGES, isDiskFull } from '../errors.js';

/** What an item of a list is called, by the list's field name, for «(питання 2, варіант 1)». */
const ITEM_NAMES: Record<string, string> = {
  test: 'питання',
  options: 'варіант',
  audio: 'аудіо',
  video: 'відео',
  answers: 'відповідь',
  pairs: 'пара',
  words: 'слово',
  alternatives: 'варіант порядку',
};

/** Where in a list the problem is (`test.1.options.0` → « (питання 2, варіант 1)»); empty outside lists. */
function positionOf(field: string): string {
  const keys = field.split('.');
  const places = keys.flatMap((key, i) =>
    /^\d+$/.test(key) ? [`${ITEM_NAMES[keys[i - 1] ?? ''] ?? '№'} ${Number(key) + 1}`] : [],
  );
  return places.length ? ` (${places.join(', ')})` : '';
}

/** A validation message for the user: contract messages start with the field's Ukrainian label; zod's own ones get the key. */
function problemText(field: string, text: string): string {
  const message = /^[^:]{1,40}: /.test(text) || !field ? text : `${field}: ${text}`;
  return `${message}${positionOf(field)}`;
}

/**
 * One error shape for the whole API: `{ message }` in Ukrainian. Validation messages come from
 * the contract's schemas and name the field. A database that cannot be reached is 503 with
 * Retry-After (told to the operator once per outage, see OutageLog); a full disk is 507; other
 * unknown errors are logged in full and answered with a generic 500.
 */
export const errorHandling = fp(async (app: FastifyInstance, { outage }: { outage: OutageLog }) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      outage.failed(error);
      const unavailable = unavailableError();
      return reply.code(unavailable.statusCode).headers(unavailable.headers).send({ message: unavailable.message });
    }
    if (isDiskFull(error)) {
      // Someone has to free space or grow the disk: an error for the operator, but no stack needed.
      const { code, syscall } = error as { code?: string; syscall?: string };
      request.log.error({ code, syscall }, 'disk full: a write was refused');
      return reply.code(507).send({ message: GENERIC_MESSAGES[507] });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Every wrong field of the body (the first message of each), so a form marks them all at
      // once; `message` stays the first problem for callers that show one line.
      const problems = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return {
          path,
          message: problemText(path || (error.validationContext ?? ''), issue.message ?? 'Некоректний запит'),
        };
      });
      const message = problems[0]?.message ?? 'Некоректний запит';
      const fields: Record<string, string> = {};
      if (error.validationContext === 'body') {
        for (const { path, message } of problems) if (path && !(path in fields)) fields[path] = message;
      }
      return reply.code(400).send(Object.keys(fields).length ? { message, fields } : { message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && error.message) return reply.code(429).send({ message: GENERIC_MESSAGES[429] });
      return reply.code(status).send({ message: GENERIC_MESSAGES[status] ?? GENERIC_MESSAGES[400] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ message: GENERIC_MESSAGES[500] });
  });
});

/** The router's own refusals, before any route: a malformed or overlong path (Fastify's `frameworkErrors`). */
const ROUTER_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Некоректна адреса запиту',
  FST_ERR_MAX_PARAM_LENGTH: 'Задовга адреса запиту',
};
export function routerErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // Answered before any hook runs (so not by security.ts's): a JSON error is never cached either.
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ message: ROUTER_MESSAGES[error.code] ?? GENERIC_MESSAGES[status] ?? GENERIC_MESSAGES[400] });
}
