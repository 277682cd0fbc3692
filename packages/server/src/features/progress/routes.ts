import { progressSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { ProgressService } from './service.js';

export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (app, { progress }) => {
  signedInRoutes(app, { tags: ['progress'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Мій прогрес: уроки, тести, щоденник, домашні завдання, календар серії та слід за 90 днів',
        response: { 200: progressSchema, ...errors },
      },
    },
    async (request) => progress.of(request.user, request.user.id),
  );
};
