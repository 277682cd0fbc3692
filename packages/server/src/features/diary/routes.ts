import {
  diaryBodySchema,
  diaryListQuerySchema,
  diaryListSchema,
  diaryQuerySchema,
  diarySchema,
  errorSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { DiaryService } from './service.js';

export const diaryRoutes: FastifyPluginAsyncZod<{ diary: DiaryService }> = async (app, { diary }) => {
  signedInRoutes(app, { tags: ['diary'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Запис щоденника до уроку',
        querystring: diaryQuerySchema,
        response: { 200: diarySchema.nullable(), ...errors },
      },
    },
    async (request) => diary.get(request.user, request.query.courseId, Number(request.query.lessonId)),
  );

  app.get(
    '/entries',
    {
      schema: {
        summary: 'Усі мої записи щоденника в курсі: дата, урок, оцінка тесту',
        querystring: diaryListQuerySchema,
        response: { 200: diaryListSchema, ...errors },
      },
    },
    async (request) => ({ entries: await diary.list(request.user, request.query.courseId) }),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Новий запис щоденника (оцінку самоперевірки ставить сам тест)',
        body: diaryBodySchema,
        response: { 201: diarySchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { courseId, lessonId, date, entry, plan } = request.body;
      const created = await diary.create(request.user, { courseId, day: Number(lessonId), date, entry, plan });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/',
    {
      schema: { summary: 'Змінити запис щоденника', body: diaryBodySchema, response: { 200: diarySchema, ...errors } },
    },
    async (request) => {
      const { courseId, lessonId, date, entry, plan } = request.body;
      return diary.update(request.user, { courseId, day: Number(lessonId), date, entry, plan });
    },
  );
};
