import { adminOlympiadSchema, adminOlympiadsSchema, olympiadBodySchema, olympiadSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleDocs, documentRoutes, idParams } from '../../infra/http/openapi.js';
import type { OlympiadsService } from './service.js';

/** The console's olympiads (`/api/admin/olympiads`): admins schedule, change and remove them. */
export const olympiadAdminRoutes: FastifyPluginAsyncZod<{ olympiads: OlympiadsService }> = async (
  app,
  { olympiads },
) => {
  documentRoutes(app, consoleDocs('olympiads'));
  app.get(
    '/olympiads',
    { schema: { summary: 'Усі олімпіади', response: { 200: adminOlympiadsSchema } } },
    async (request) => olympiads.listAll(request.user),
  );
  app.post(
    '/olympiads',
    {
      schema: {
        summary: 'Запланувати олімпіаду: завдання обираються з бази',
        body: olympiadBodySchema,
        response: { 201: olympiadSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await olympiads.create(request.user, request.body)),
  );
  app.put(
    '/olympiads/:id',
    {
      schema: {
        summary: 'Змінити олімпіаду, що ще не почалася',
        params: idParams,
        body: olympiadBodySchema,
        response: { 200: adminOlympiadSchema },
      },
    },
    async (request) => olympiads.update(request.user, request.params.id, request.body),
  );
  app.delete(
    '/olympiads/:id',
    {
      schema: {
        summary: 'Видалити олімпіаду, що ще не почалася',
        params: idParams,
        response: { 200: z.object({ _id: z.string() }) },
      },
    },
    async (request) => olympiads.remove(request.user, request.params.id),
  );
};
