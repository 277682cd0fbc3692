import { TWO_STEP_MESSAGES } from '@yedyni/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, GENERIC_MESSAGES } from '../../infra/errors.js';
import { bearer, documentRoutes, type RouteDocs } from '../../infra/http/openapi.js';
import type { AuthService, SignedInUser } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by `app.authenticate` on routes that require it. */
    user: SignedInUser;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * `onRequest: app.authenticate` makes a route answer 401 unless a live session's token is sent
 * (a session this instance checked in the last few seconds is not read again: AuthService).
 */
export const authentication = fp(async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
  app.decorateRequest('user', null as unknown as SignedInUser);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const user = token ? await auth.authenticateRequest(token) : null;
    if (!user) throw new AppError(401, GENERIC_MESSAGES[401] as string);
    request.user = user;
  });
  // A curator or admin without two-step sign-in has a learner's powers (auth/policy.ts), so every
  // staff-only rule refuses them wherever it is; here, in one place, each such refusal says why
  // and what to do, instead of the domain's «лише для кураторів».
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 403 || !request.user?.staffWithoutTwoStep) return payload;
    return JSON.stringify({ message: TWO_STEP_MESSAGES.staffRequired });
  });
});

/**
 * Every route the plugin declares after this call answers 401 unless a live session's token is
 * sent, and the OpenAPI document says so: the hook and its `security` come only together.
 */
export function signedInRoutes(app: FastifyInstance, docs: Omit<RouteDocs, 'security'>): void {
  app.addHook('onRequest', app.authenticate);
  documentRoutes(app, { ...docs, security: bearer });
}
