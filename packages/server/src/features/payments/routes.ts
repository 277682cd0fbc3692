import {
  checkoutSchema,
  donationBodySchema,
  errorSchema,
  footprintListSchema,
  historyQuerySchema,
  orderStateSchema,
  paymentListSchema,
  restartCheckoutSchema,
  subscriptionAmountBodySchema,
  subscriptionChangeSchema,
  subscriptionDetailSchema,
  subscriptionPauseBodySchema,
  subscriptionsSchema,
  unsubscribeBodySchema,
  unsubscribeResultSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentRoutes, errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { PaymentsService } from './service.js';

const idParams = z.object({ id: z.string().min(1).max(255) });

/** Everything but the callback is the signed-in payer's own. */
const payerRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  signedInRoutes(app, { tags: ['payments'] });

  app.post(
    '/donat',
    {
      schema: {
        summary: 'Новий внесок: замовлення і підписана форма для переходу до оплати',
        body: donationBodySchema,
        response: { 200: checkoutSchema, ...errors },
      },
    },
    async (request) => payments.checkout(request.user.id, request.body),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        summary: 'Стан мого замовлення (екран після повернення з оплати)',
        params: idParams,
        response: { 200: orderStateSchema, ...errors },
      },
    },
    async (request) => payments.order(request.user.id, request.params.id),
  );

  app.get(
    '/donats',
    {
      schema: {
        summary: 'Мої успішні внески',
        querystring: historyQuerySchema,
        response: { 200: paymentListSchema, ...errors },
      },
    },
    async (request) => payments.paymentHistory(request.user.id, request.query),
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        summary: 'Мої щомісячні підписки',
        querystring: historyQuerySchema,
        response: { 200: subscriptionsSchema, ...errors },
      },
    },
    async (request) => payments.subscriptions(request.user.id, request.query),
  );

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        summary: 'Моя підписка з її списаннями',
        params: idParams,
        response: { 200: subscriptionDetailSchema, ...errors },
      },
    },
    async (request) => payments.subscription(request.user.id, request.params.id),
  );

  // A donor's changes (subscription-changes.ts): 404 for anyone else's, 409 once cancelled,
  // 502 when the provider fails or refuses (nothing changed then), 429 past the hourly limit.
  const changeErrors = { ...errors, 409: errorSchema, 429: errorSchema, 502: errorSchema };

  app.patch(
    '/subscriptions/:id',
    {
      schema: {
        summary: 'Змінити суму моєї щомісячної підписки (LiqPay subscribe_update)',
        params: idParams,
        body: subscriptionAmountBodySchema,
        response: { 200: subscriptionChangeSchema, ...changeErrors },
      },
    },
    async (request) => payments.changes.changeAmount(request.user.id, request.params.id, request.body.amount),
  );

  app.post(
    '/subscriptions/:id/pause',
    {
      schema: {
        summary: 'Призупинити мою підписку на 1–3 місяці (скасовується в LiqPay, відновлюється новою оплатою)',
        params: idParams,
        body: subscriptionPauseBodySchema,
        response: { 200: subscriptionChangeSchema, ...changeErrors },
      },
    },
    async (request) => payments.changes.pause(request.user.id, request.params.id, request.body.months),
  );

  app.post(
    '/subscriptions/:id/resume',
    {
      schema: {
        summary: 'Відновити призупинену підписку: замовлення і підписана форма оплати тієї ж суми',
        params: idParams,
        response: { 200: checkoutSchema, ...changeErrors },
      },
    },
    async (request) => payments.changes.resume(request.user.id, request.params.id),
  );

  app.post(
    '/subscriptions/:id/restart',
    {
      schema: {
        summary: 'Відновити мою підписку після невдалого списання: нове замовлення з тією самою сумою і форма оплати',
        params: idParams,
        response: { 200: restartCheckoutSchema, ...errors, 409: errorSchema, 502: errorSchema },
      },
    },
    async (request) => payments.restart(request.user.id, request.params.id),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        summary: 'Скасувати мою підписку',
        body: unsubscribeBodySchema,
        response: { 200: unsubscribeResultSchema, ...errors, 409: errorSchema, 502: errorSchema },
      },
    },
    async (request) => payments.unsubscribe(request.user.id, request.body.orderId),
  );

  app.get(
    '/mark',
    {
      schema: {
        summary: 'Історія мого Українського сліду',
        querystring: historyQuerySchema,
        response: { 200: footprintListSchema, ...errors },
      },
    },
    async (request) => payments.footprint(request.user.id, request.query),
  );
};

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  documentRoutes(app, { tags: ['payments'] });

  // The provider's callback: no bearer token, only its signature vouches for it.
  app.post(
    '/process',
    {
      schema: {
        summary: 'Callback LiqPay: form-urlencoded { data, signature }',
        consumes: ['application/x-www-form-urlencoded'],
        body: z.object({ data: z.string().min(1).max(20_000), signature: z.string().min(1).max(200) }),
        response: { 200: z.object({ ok: z.literal(true) }), 400: errorSchema },
      },
    },
    async (request) => {
      await payments.processCallback(request.body.data, request.body.signature);
      return { ok: true as const };
    },
  );

  await app.register(payerRoutes, { payments });
};
