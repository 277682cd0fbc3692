import {
  errorSchema,
  NOTIFICATION_MESSAGES,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infra/errors.js';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { PushChannel, PushSubscriptions } from './push.js';

/** This browser's Web Push subscription; mounted under `/api/notifications` beside the core's routes. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushChannel; subscriptions: PushSubscriptions }> = async (
  app,
  { push, subscriptions },
) => {
  signedInRoutes(app, { tags: ['notifications'] });

  app.get(
    '/push/key',
    {
      schema: {
        summary: 'Відкритий ключ VAPID для підписки браузера (null — push вимкнено на сервері)',
        response: { 200: pushKeySchema, ...errors },
      },
    },
    async () => ({ publicKey: push.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        summary: 'Увімкнути push на цьому пристрої (підписка браузера)',
        body: pushSubscriptionSchema,
        response: { 201: z.object({}), ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      if (!push.enabled) throw new AppError(409, NOTIFICATION_MESSAGES.pushUnavailable);
      await subscriptions.save(request.user.id, request.body, request.headers['user-agent'] ?? '');
      return reply.code(201).send({});
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        summary: 'Вимкнути push на цьому пристрої',
        body: pushUnsubscribeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await subscriptions.remove(request.user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
