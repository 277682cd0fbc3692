import { clubSchema, clubsQuerySchema, clubsSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { ClubsService } from './service.js';

const params = z.object({ id: z.string().min(1).max(64) });
const conflict = { 409: z.object({ message: z.string() }) };

export const clubsRoutes: FastifyPluginAsyncZod<{ clubs: ClubsService }> = async (app, { clubs }) => {
  signedInRoutes(app, { tags: ['clubs'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Розмовні клуби: найближчі зустрічі (?city=<місто>|online, ?mine=true — мої)',
        querystring: clubsQuerySchema,
        response: { 200: clubsSchema, ...errors },
      },
    },
    async (request) => clubs.list(request.user, { city: request.query.city, mine: request.query.mine === 'true' }),
  );

  app.post(
    '/:id/signup',
    { schema: { summary: 'Записатися', params, response: { 200: clubSchema, ...errors, ...conflict } } },
    async (request) => clubs.signUp(request.user, request.params.id),
  );

  app.delete(
    '/:id/signup',
    { schema: { summary: 'Скасувати запис', params, response: { 200: clubSchema, ...errors } } },
    async (request) => clubs.cancel(request.user, request.params.id),
  );
};
