import {
  accountSessionsSchema,
  endedSessionsSchema,
  endSessionsBodySchema,
  errorSchema,
  sessionParamsSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInRoutes } from './authenticate.js';
import type { AuthService } from './service.js';

/** «Де я увійшов» (`/api/auth/sessions`): my sessions, and leaving one of them or all. */
export const sessionRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  signedInRoutes(app, { tags: ['auth'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Мої сесії: пристрій, приблизне місце, коли увійшли й коли востаннє були',
        response: { 200: accountSessionsSchema, 401: errorSchema },
      },
    },
    async (request) => auth.listSessions(request.user),
  );

  app.delete(
    '/:sessionId',
    {
      schema: {
        summary: 'Вийти з однієї своєї сесії (зокрема з цієї)',
        params: sessionParamsSchema,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await auth.endSession(request.user, request.params.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/end',
    {
      schema: {
        summary: 'Вийти всюди: з усіх інших сесій або з усіх разом із цією',
        body: endSessionsBodySchema,
        response: { 200: endedSessionsSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => auth.endAllSessions(request.user, request.body.includingThis),
  );
};
