import { adminOlympiadSchema, adminOlympiadsSchema, olympiadBodySchema, olympiadSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleErrors, consoleTag, idParams } from '../../infra/http/openapi.js';
import type { OlympiadsService } from './service.js';

/** The console's olympiads (`/api/admin/olympiads`): admins schedule, change and remove them. */
export const olympiadAdminRoutes: FastifyPluginAsyncZod<{ olympiads: OlympiadsService }> = async (
  app,
  { olympiads },
) => {
  app.get(
    '/olympiads',
    {
      schema: {
        ...consoleTag('olympiads'),
        summary: 'Усі олімпіади',
        response: { 200: adminOlympiadsSchema, ...consoleErrors },
      },
    },
    async (request) => olympiads.listAll(request.user),
  );
  app.post(
    '/olympiads',
    {
      schema: {
        ...consoleTag('olympiads'),
        summary: 'Запланувати олімпіаду: завдання обираються з бази',
        body: olympiadBodySchema,
        response: { 201: olympiadSchema, ...consoleErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await olympiads.create(request.user, request.body)),
  );
  app.put(
    '/olympiads/:id',
    {
      schema: {
        ...consoleTag('olympiads'),
        summary: 'Змінити олімпіаду, що ще не почалася',
        params: idParams,
        body: olympiadBodySchema,
        response: { 200: adminOlympiadSchema, ...consoleErrors },
      },
    },
    async (request) => olympiads.update(request.user, request.params.id, request.body),
  );
  app.delete(
    '/olympiads/:id',
    {
      schema: {
        ...consoleTag('olympiads'),
        summary: 'Видалити олімпіаду, що ще не почалася',
        params: idParams,
        response: { 200: z.object({ _id: z.string() }), ...consoleErrors },
      },
    },
    async (request) => olympiads.remove(request.user, request.params.id),
  );
};
