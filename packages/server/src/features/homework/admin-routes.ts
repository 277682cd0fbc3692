import { replyTimesQuerySchema, replyTimesSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleDocs, documentRoutes } from '../../infra/http/openapi.js';
import type { ReviewQueue } from './queue.js';

/** The console's «Час відповіді» (`/api/admin/homework/reply-times`): curators see their own row, admins all. */
export const homeworkAdminRoutes: FastifyPluginAsyncZod<{ review: ReviewQueue }> = async (app, { review }) => {
  documentRoutes(app, consoleDocs('homework'));
  app.get(
    '/homework/reply-times',
    {
      config: { curators: true },
      schema: {
        summary: 'Час відповіді на домашні завдання: по кураторах і хвилях (медіана, 90-й перцентиль, тижні)',
        querystring: replyTimesQuerySchema,
        response: { 200: replyTimesSchema },
      },
    },
    async (request) => review.replyTimes(request.user, request.query.from, request.query.to),
  );
};
