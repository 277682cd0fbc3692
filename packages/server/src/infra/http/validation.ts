import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { nulAt, nulMessage } from '../nul.js';

/**
 * The contract's zod schemas validate params, query and body; before them, no part of a request
 * may carry U+0000 (see nul.ts), so a NUL is a 400 on SQLite and PostgreSQL alike, not a 500.
 */
export const validatorCompiler: typeof zodValidatorCompiler = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const at = nulAt(data);
    if (at !== null) return { error: new AppError(400, nulMessage(at)) };
    return validate(data);
  };
};
