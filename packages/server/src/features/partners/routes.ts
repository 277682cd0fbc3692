import { errorSchema, gratitudesSchema, indicatorsSchema, partnerParamsSchema, teamSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors, bearer as security } from '../../infra/http/openapi.js';
import type { PartnersService } from './service.js';

const tags = ['partners'];

export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (app, { partners }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/indicators',
    {
      schema: { tags, security, summary: 'Показники підтримки', response: { 200: indicatorsSchema, 401: errorSchema } },
    },
    async (request) => partners.indicators(request.user.id),
  );

  app.get(
    '/',
    { schema: { tags, security, summary: 'Моя команда', response: { 200: teamSchema, ...errors } } },
    async (request) => partners.team(request.user.id),
  );

  app.get(
    '/gratitudes',
    {
      schema: { tags, security, summary: 'Подяки: рівні та досягнуті', response: { 200: gratitudesSchema, ...errors } },
    },
    async (request) => partners.gratitudes(request.user.id),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Учасник моєї команди (будь-якої глибини) з його командою',
        params: partnerParamsSchema,
        response: { 200: teamSchema, ...errors },
      },
    },
    async (request) => partners.member(request.user.id, request.params.id),
  );
};
