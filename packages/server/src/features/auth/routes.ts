import {
  authResponseSchema,
  errorSchema,
  loginAnswerSchema,
  loginBodySchema,
  messageSchema,
  recoveryBodySchema,
  registerBodySchema,
  resetBodySchema,
  userSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, documentRoutes } from '../../infra/http/openapi.js';
import type { AuthService } from './service.js';

/** `demo`: whether `/demo` exists at all (never in production, where its account must not be reachable). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; demo: boolean }> = async (app, { auth, demo }) => {
  documentRoutes(app, { tags: ['auth'] });

  app.post(
    '/register',
    {
      schema: {
        summary: 'Реєстрація',
        body: registerBodySchema,
        response: { 201: authResponseSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      // Only these fields reach the service: a `role` in the body is never read.
      const { first_name, last_name, email, password, inviterId } = request.body;
      const result = await auth.register(
        { first_name, last_name, email, password, inviterId },
        request.ip,
        request.headers['user-agent'],
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        summary: 'Вхід',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) => auth.login(request.body.email, request.body.password, request.ip, request.headers['user-agent']),
  );

  if (demo)
    app.post(
      '/demo',
      {
        schema: {
          summary: 'Вхід до демонстраційного кабінету (лише поза production)',
          response: { 200: authResponseSchema, 404: errorSchema },
        },
      },
      async (request) => auth.demoLogin({ address: request.ip, userAgent: request.headers['user-agent'] }),
    );

  app.post(
    '/recovery',
    {
      schema: {
        summary: 'Запит на зміну пароля',
        body: recoveryBodySchema,
        response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => auth.requestRecovery(request.body.email, request.ip),
  );

  app.post(
    '/reset',
    {
      schema: {
        summary: 'Новий пароль за посиланням з листа',
        body: resetBodySchema,
        response: { 200: loginAnswerSchema, 400: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) =>
      auth.resetPassword(request.body.token, request.body.password, request.ip, request.headers['user-agent']),
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: { summary: 'Вихід', security: bearer, response: { 204: z.null(), 401: errorSchema } },
    },
    async (request, reply) => {
      await auth.logout(request.user.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/current',
    {
      onRequest: app.authenticate,
      schema: { summary: 'Поточний користувач', security: bearer, response: { 200: userSchema, 401: errorSchema } },
    },
    async (request) => auth.currentUser(request.user.id),
  );
};
