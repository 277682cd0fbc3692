import { adminClubsSchema, clubBodySchema, clubSchema, clubSignupsSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleErrors, consoleTag, idParams } from '../../infra/http/openapi.js';
import type { ClubsService } from './service.js';

/** The console's clubs (`/api/admin/clubs`): admins create, edit and see who signed up. */
export const clubAdminRoutes: FastifyPluginAsyncZod<{ clubs: ClubsService }> = async (app, { clubs }) => {
  app.get(
    '/clubs',
    {
      schema: {
        ...consoleTag('clubs'),
        summary: 'Усі клуби, і минулі',
        response: { 200: adminClubsSchema, ...consoleErrors },
      },
    },
    async (request) => clubs.listAll(request.user),
  );
  app.post(
    '/clubs',
    {
      schema: {
        ...consoleTag('clubs'),
        summary: 'Новий клуб',
        body: clubBodySchema,
        response: { 201: clubSchema, ...consoleErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await clubs.create(request.user, request.body)),
  );
  app.put(
    '/clubs/:id',
    {
      schema: {
        ...consoleTag('clubs'),
        summary: 'Змінити клуб (місць не менше, ніж уже записано)',
        params: idParams,
        body: clubBodySchema,
        response: { 200: clubSchema, ...consoleErrors },
      },
    },
    async (request) => clubs.update(request.user, request.params.id, request.body),
  );
  app.get(
    '/clubs/:id/signups',
    {
      schema: {
        ...consoleTag('clubs'),
        summary: 'Хто записався',
        params: idParams,
        response: { 200: clubSignupsSchema, ...consoleErrors },
      },
    },
    async (request) => clubs.signups(request.user, request.params.id),
  );
};
