import { ACCESS_MESSAGES } from '@yedyni/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../infra/errors.js';
import { canEnterConsole } from './policy.js';

/**
 * The console's door, the one place it is kept: every `/api/admin/...` call is authenticated,
 * then refused (before any body is read) unless the caller is an admin, or a curator on a route
 * with `config: { curators: true }`. Call it on the plugin that registers the console's routes
 * (each domain's admin-routes.ts); their services check again.
 */
export function consoleDoor(app: FastifyInstance): void {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    const curatorsAllowed = (request.routeOptions.config as { curators?: boolean }).curators === true;
    if (!canEnterConsole(request.user, curatorsAllowed)) {
      throw new AppError(403, curatorsAllowed ? ACCESS_MESSAGES.curatorsOnly : ACCESS_MESSAGES.adminsOnly);
    }
  });
}
