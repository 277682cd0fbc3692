import { errorSchema, gratitudesSchema, indicatorsSchema, memberParamsSchema, teamSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors, bearer as security } from '../../infra/http/openapi.js';
import type { SupportService } from './service.js';

const tags = ['partners'];

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/indicators',
    {
      schema: { tags, security, summary: 'Показники підтримки', response: { 200: indicatorsSchema, 401: errorSchema } },
    },
    async (request) => support.indicators(request.user.id),
  );

  app.get(
    '/',
    { schema: { tags, security, summary: 'Моя команда', response: { 200: teamSchema, ...errors } } },
    async (request) => support.team(request.user.id),
  );

  app.get(
    '/gratitudes',
    {
      schema: { tags, security, summary: 'Подяки: рівні та досягнуті', response: { 200: gratitudesSchema, ...errors } },
    },
    async (request) => support.gratitudes(request.user.id),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Учасник моєї команди (будь-якої глибини) з його командою',
        params: memberParamsSchema,
        response: { 200: teamSchema, ...errors },
      },
    },
    async (request) => support.member(request.user.id, request.params.id),
  );
};
