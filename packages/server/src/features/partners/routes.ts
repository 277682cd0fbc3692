import { errorSchema, indicatorsSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PartnersService } from './service.js';

export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (app, { partners }) => {
  app.get(
    '/indicators',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['partners'],
        summary: 'Показники підтримки',
        security: [{ bearer: [] }],
        response: { 200: indicatorsSchema, 401: errorSchema },
      },
    },
    async (request) => partners.indicators(request.user.id),
  );
};
