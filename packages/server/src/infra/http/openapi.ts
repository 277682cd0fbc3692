import { errorSchema } from '@yedyni/contract';
import { z } from 'zod';

/** OpenAPI: the call needs `Authorization: Bearer <token>`. */
export const bearer = [{ bearer: [] }];

/** The error answers most authenticated calls can give, each `{ message }`. */
export const errorResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The console's calls (`/api/admin/...`): the common errors and 409. */
export const consoleErrors = { ...errorResponses, 409: errorSchema };

/** OpenAPI tags of the console: one per part of it, and each call needs a bearer token. */
export const consoleTag = (name: string) => ({ tags: [`admin: ${name}`], security: bearer });

/** `/:id` of a record the console names by its id. */
export const idParams = z.object({ id: z.string().min(1).max(64) });
