import {
  adminExpenseSchema,
  adminExpensesQuerySchema,
  adminExpensesSchema,
  expenseCreateSchema,
  expenseDeleteQuerySchema,
  expenseUpdateSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleDocs, documentRoutes, idParams } from '../../infra/http/openapi.js';
import type { OpenbookService } from './service.js';

/** The console's expenses of «Відкритий звіт» (`/api/admin/openbook/expenses`): admins, each change audited. */
export const openbookAdminRoutes: FastifyPluginAsyncZod<{ openbook: OpenbookService }> = async (app, { openbook }) => {
  documentRoutes(app, consoleDocs('openbook'));
  app.get(
    '/openbook/expenses',
    {
      schema: {
        summary: 'Витрати місяця (?month=РРРР-ММ)',
        querystring: adminExpensesQuerySchema,
        response: { 200: adminExpensesSchema },
      },
    },
    async (request) => openbook.expenses(request.user, request.query.month),
  );
  app.post(
    '/openbook/expenses',
    {
      schema: {
        summary: 'Нова витрата (повтор із тим самим ключем повертає вже створену)',
        body: expenseCreateSchema,
        response: { 201: adminExpenseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await openbook.create(request.user, request.body)),
  );
  app.put(
    '/openbook/expenses/:id',
    {
      schema: {
        summary: 'Змінити витрату (версію, яку ви бачили)',
        params: idParams,
        body: expenseUpdateSchema,
        response: { 200: adminExpenseSchema },
      },
    },
    async (request) => openbook.update(request.user, request.params.id, request.body),
  );
  app.delete(
    '/openbook/expenses/:id',
    {
      schema: {
        summary: 'Видалити витрату (?version=…)',
        params: idParams,
        querystring: expenseDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await openbook.remove(request.user, request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
};
