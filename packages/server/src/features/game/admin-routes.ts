import {
  adminTaskSchema,
  adminTasksQuerySchema,
  adminTasksSchema,
  taskBodySchema,
  taskParamsSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleDocs, documentRoutes } from '../../infra/http/openapi.js';
import type { TaskAuthoring } from './authoring.js';

/** The console's game and olympiad tasks (`/api/admin/game/tasks`): admins. */
export const taskAdminRoutes: FastifyPluginAsyncZod<{ tasks: TaskAuthoring }> = async (app, { tasks }) => {
  documentRoutes(app, consoleDocs('game'));
  app.get(
    '/game/tasks',
    {
      schema: {
        summary: 'Завдання гри й олімпіад',
        querystring: adminTasksQuerySchema,
        response: { 200: adminTasksSchema },
      },
    },
    async (request) => tasks.list(request.user, request.query),
  );
  app.post(
    '/game/tasks',
    { schema: { summary: 'Нове завдання', body: taskBodySchema, response: { 201: adminTaskSchema } } },
    async (request, reply) =>
      reply.code(201).send(await tasks.create(request.user, request.body.task, request.body.active)),
  );
  app.put(
    '/game/tasks/:id',
    {
      schema: {
        summary: 'Змінити або вимкнути завдання',
        params: taskParamsSchema,
        body: taskBodySchema,
        response: { 200: adminTaskSchema },
      },
    },
    async (request) => tasks.update(request.user, request.params.id, request.body.task, request.body.active),
  );
};
