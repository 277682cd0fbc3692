import { errorSchema, gratitudesSchema, indicatorsSchema, memberParamsSchema, teamSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { SupportService } from './service.js';

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  signedInRoutes(app, { tags: ['partners'] });

  app.get(
    '/indicators',
    { schema: { summary: 'Показники підтримки', response: { 200: indicatorsSchema, 401: errorSchema } } },
    async (request) => support.indicators(request.user.id),
  );

  app.get(
    '/',
    {
      schema: { summary: 'Моя команда', response: { 200: teamSchema, ...errors } },
    },
    async (request) => support.team(request.user.id),
  );

  app.get(
    '/gratitudes',
    { schema: { summary: 'Подяки: рівні та досягнуті', response: { 200: gratitudesSchema, ...errors } } },
    async (request) => support.gratitudes(request.user.id),
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: 'Учасник моєї команди (будь-якої глибини) з його командою',
        params: memberParamsSchema,
        response: { 200: teamSchema, ...errors },
      },
    },
    async (request) => support.member(request.user.id, request.params.id),
  );
};
