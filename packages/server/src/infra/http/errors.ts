import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, GENERIC_MESSAGES } from '../errors.js';

/**
 * One error shape for the whole API: `{ message }` in Ukrainian. Validation messages come from
 * the contract's schemas and name the field; unknown errors are logged in full and answered
 * with a generic 500.
 */
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

export const errorHandling = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field =
        (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? '');
      const text = first?.message ?? 'Некоректний запит';
      // Contract messages start with the field's Ukrainian label; zod's own ones get the key.
      const message = /^[^:]{1,40}: /.test(text) || !field ? text : `${field}: ${text}`;
      return reply.code(400).send({ message: `${message}${positionOf(field)}` });
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
