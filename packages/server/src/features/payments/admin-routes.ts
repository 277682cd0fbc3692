import {
  adminPaymentsQuerySchema,
  adminPaymentsSchema,
  adminSubscriptionsQuerySchema,
  adminSubscriptionsSchema,
  historyQuerySchema,
  monthTotalsSchema,
  pageQuerySchema,
  unmatchedCallbacksSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleDocs, documentRoutes } from '../../infra/http/openapi.js';
import type { PaymentReports } from './reports.js';

/** The console's payments (`/api/admin/payments`, `/subscriptions`, `/callbacks`): admins read them. */
export const paymentAdminRoutes: FastifyPluginAsyncZod<{ reports: PaymentReports }> = async (app, { reports }) => {
  documentRoutes(app, consoleDocs('payments'));
  app.get(
    '/payments',
    {
      schema: {
        summary: 'Успішні внески (дні за Києвом, пошук за платником)',
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsSchema },
      },
    },
    async (request) => reports.payments(request.user, request.query),
  );
  app.get(
    '/payments/months',
    { schema: { summary: 'Підсумки за місяцями (за Києвом)', response: { 200: monthTotalsSchema } } },
    async (request) => reports.months(request.user),
  );
  app.get(
    '/payments/export',
    {
      schema: {
        summary: 'Внески для бухгалтерії (CSV, UTF-8, «;», дати за Києвом, суми з крапкою)',
        querystring: historyQuerySchema,
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const csv = await reports.csv(request.user, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payments.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get(
    '/subscriptions',
    {
      schema: {
        summary: 'Щомісячні підписки',
        querystring: adminSubscriptionsQuerySchema,
        response: { 200: adminSubscriptionsSchema },
      },
    },
    async (request) => reports.subscriptions(request.user, request.query),
  );
  app.get(
    '/callbacks',
    {
      schema: {
        summary: 'Колбеки провайдера, які не вдалося зіставити',
        querystring: pageQuerySchema,
        response: { 200: unmatchedCallbacksSchema },
      },
    },
    async (request) => reports.unmatched(request.user, request.query),
  );
};
