import {
  adminClubsSchema,
  clubAttendanceBodySchema,
  clubBodySchema,
  clubSchema,
  clubSignupsSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleDocs, documentRoutes, idParams } from '../../infra/http/openapi.js';
import type { ClubsService } from './service.js';

/** The console's clubs (`/api/admin/clubs`): admins create, edit, see who signed up and mark who came. */
export const clubAdminRoutes: FastifyPluginAsyncZod<{ clubs: ClubsService }> = async (app, { clubs }) => {
  documentRoutes(app, consoleDocs('clubs'));
  app.get(
    '/clubs',
    { schema: { summary: 'Усі клуби, і минулі', response: { 200: adminClubsSchema } } },
    async (request) => clubs.listAll(request.user),
  );
  app.post(
    '/clubs',
    { schema: { summary: 'Новий клуб', body: clubBodySchema, response: { 201: clubSchema } } },
    async (request, reply) => reply.code(201).send(await clubs.create(request.user, request.body)),
  );
  app.put(
    '/clubs/:id',
    {
      schema: {
        summary: 'Змінити клуб (місць не менше, ніж уже записано)',
        params: idParams,
        body: clubBodySchema,
        response: { 200: clubSchema },
      },
    },
    async (request) => clubs.update(request.user, request.params.id, request.body),
  );
  app.get(
    '/clubs/:id/signups',
    { schema: { summary: 'Хто записався', params: idParams, response: { 200: clubSignupsSchema } } },
    async (request) => clubs.signups(request.user, request.params.id),
  );
  app.put(
    '/clubs/:id/attendance',
    {
      schema: {
        summary: 'Позначити присутність записаної людини (коли клуб почався) або зняти позначку',
        params: idParams,
        body: clubAttendanceBodySchema,
        response: { 200: clubSignupsSchema },
      },
    },
    async (request) => clubs.markAttendance(request.user, request.params.id, request.body),
  );
};
