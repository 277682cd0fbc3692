import {
  NOTIFICATION_MESSAGES,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationsCountSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  notificationUnsubscribeResultSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infra/errors.js';
import { documentRoutes, errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { NotificationService } from './service.js';

const tags = ['notifications'];
const tokenQuery = z.object({ token: z.string().max(500).optional() });

/** The list, marking read and preferences (signed in); one-click unsubscribe (by token). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  documentRoutes(app, { tags });
  // One-click unsubscribe (RFC 8058) comes from a mail client: no sign-in, the token is the proof.
  app.post(
    '/unsubscribe',
    {
      schema: {
        summary: 'Відписатися від листів однієї категорії (RFC 8058, без входу)',
        querystring: tokenQuery,
        body: z
          .object({ token: z.string().max(500).optional(), 'List-Unsubscribe': z.string().max(50).optional() })
          .nullish(),
        response: { 200: notificationUnsubscribeResultSchema, ...errors },
      },
    },
    async (request) => {
      const token = request.query.token ?? request.body?.token;
      if (!token) throw new AppError(400, NOTIFICATION_MESSAGES.badUnsubscribeToken);
      return notifications.unsubscribe(token);
    },
  );

  app.get(
    '/unsubscribe',
    {
      schema: {
        summary: 'Посилання з листа: веде на сторінку відписки',
        querystring: tokenQuery,
        response: { 303: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      return reply.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
    },
  );

  // The signed-in routes in a child plugin: its 401 hook does not reach the public ones above.
  await app.register(signedInNotificationsRoutes, { notifications });
};

const signedInNotificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  signedIn,
  { notifications },
) => {
  signedInRoutes(signedIn, { tags });
  signedIn.get(
    '/',
    {
      schema: {
        summary: 'Мої сповіщення, нові спершу; countNotifications — число на значку',
        querystring: notificationsQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => notifications.list(request.user, request.query.page, request.query.limit),
  );

  signedIn.post(
    '/read',
    {
      schema: {
        summary: 'Позначити прочитаними: {ids} або {all: true}',
        body: notificationsReadSchema,
        response: { 200: notificationsCountSchema, ...errors },
      },
    },
    async (request) => notifications.markRead(request.user, request.body),
  );

  signedIn.get(
    '/preferences',
    {
      schema: {
        summary: 'Мої налаштування сповіщень',
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => notifications.preferences(request.user),
  );

  signedIn.put(
    '/preferences',
    {
      schema: {
        summary: 'Зберегти налаштування (листи про безпеку акаунта лишаються ввімкненими)',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => notifications.savePreferences(request.user, request.body),
  );
};
