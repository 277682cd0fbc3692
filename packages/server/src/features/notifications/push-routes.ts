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
import { errorResponses as errors, bearer as security } from '../../infra/http/openapi.js';
import type { PushChannel, PushSubscriptions } from './push.js';

const tags = ['notifications'];

/** This browser's Web Push subscription; mounted under `/api/notifications` beside the core's routes. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushChannel; subscriptions: PushSubscriptions }> = async (
  app,
  { push, subscriptions },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/push/key',
    {
      schema: {
        tags,
        security,
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
        tags,
        security,
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
        tags,
        security,
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
