import { errorSchema } from '@yedyni/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** OpenAPI: the call needs `Authorization: Bearer <token>`. */
export const bearer = [{ bearer: [] }];

/** The error answers most authenticated calls can give, each `{ message }`. */
export const errorResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The console's calls (`/api/admin/...`): the common errors and 409. */
export const consoleErrors = { ...errorResponses, 409: errorSchema };

/** What the OpenAPI document says of every route of one plugin. */
export interface RouteDocs {
  tags: string[];
  /** `bearer` when the plugin lets only a signed-in caller through (its own `onRequest` hook does that). */
  security?: typeof bearer;
  /** Error answers every route can give, added to the route's own `response`. */
  errors?: Record<number, z.ZodType>;
}

/**
 * Puts `docs` into the schema of every route the plugin declares after this call, so that a route
 * names only what is its own (summary, params, body, answers). Fastify's `onRoute` hook sees a
 * route's options before the route is built, and stays inside the plugin that adds it. What a
 * route names itself wins.
 */
export function documentRoutes(app: FastifyInstance, { errors, ...docs }: RouteDocs): void {
  app.addHook('onRoute', (route) => {
    const own = route.schema ?? {};
    route.schema = { ...docs, ...own };
    if (errors) route.schema.response = { ...errors, ...(own.response as object | undefined) };
  });
}

/** The routes of one part of the console: its tag, a bearer token, the console's errors. */
export const consoleDocs = (name: string): RouteDocs => ({
  tags: [`admin: ${name}`],
  security: bearer,
  errors: consoleErrors,
});

/** `/:id` of a record named by its id. */
export const idParams = z.object({ id: z.string().min(1).max(64) });
