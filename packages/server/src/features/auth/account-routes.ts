import {
  emailChangeBodySchema,
  emailLinkAnswerSchema,
  emailLinkBodySchema,
  errorSchema,
  messageSchema,
  passwordChangeBodySchema,
  profileBodySchema,
  userSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, documentRoutes } from '../../infra/http/openapi.js';
import type { AccountService } from './account.js';

/** `/api/account`: my own account. Everything but opening a mailed link needs the session. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  documentRoutes(app, { tags: ['account'] });
  const signedIn = { onRequest: app.authenticate };

  app.patch(
    '/profile',
    {
      ...signedIn,
      schema: {
        summary: 'Змінити імʼя та прізвище',
        security: bearer,
        body: profileBodySchema,
        response: { 200: userSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => account.updateProfile(request.user, request.body),
  );

  app.post(
    '/password',
    {
      ...signedIn,
      schema: {
        summary: 'Змінити пароль (потрібен поточний)',
        security: bearer,
        body: passwordChangeBodySchema,
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) => account.changePassword(request.user, request.body),
  );

  app.post(
    '/email',
    {
      ...signedIn,
      schema: {
        summary: 'Змінити адресу: посилання на нову, сповіщення на стару (потрібен пароль)',
        security: bearer,
        body: emailChangeBodySchema,
        response: {
          200: z.object({ message: z.string(), user: userSchema }),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => account.requestEmailChange(request.user, request.body),
  );

  app.post(
    '/email/resend',
    {
      ...signedIn,
      schema: {
        summary: 'Надіслати посилання для підтвердження адреси ще раз',
        security: bearer,
        response: { 200: messageSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => account.resendVerification(request.user),
  );

  app.post(
    '/email/confirm',
    {
      schema: {
        summary: 'Відкрити посилання з листа (підтвердження або зміна адреси)',
        body: emailLinkBodySchema,
        response: { 200: emailLinkAnswerSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => account.confirmEmailLink(request.body.token, request.ip),
  );
};
