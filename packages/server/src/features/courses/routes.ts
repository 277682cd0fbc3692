import {
  courseIdParamsSchema,
  courseListSchema,
  courseSchema,
  enrollBodySchema,
  errorSchema,
  type HabitSummary,
  lessonDateAnswerSchema,
  lessonDateBodySchema,
  lessonParamsSchema,
  nextWaveAnswerSchema,
  nextWaveBodySchema,
  selfTestBodySchema,
  selfTestResultSchema,
  todaySchema,
  userSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { type Actor, signedInRoutes } from '../auth/index.js';
import type { CoursesService } from './service.js';

/**
 * `habit` is the daily habit's summary, given by app.ts: home gets it with «Що сьогодні» in one
 * request, and courses takes it as a function because habit's service must not be imported here
 * (courses records practice through habit's index; habit asks courses for the learner's waves).
 */
export const coursesRoutes: FastifyPluginAsyncZod<{
  courses: CoursesService;
  habit: (actor: Actor) => Promise<HabitSummary>;
}> = async (app, { courses, habit }) => {
  signedInRoutes(app, { tags: ['courses'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Усі курси: мої та ті, до яких можна приєднатися',
        response: { 200: courseListSchema, 401: errorSchema },
      },
    },
    async (request) => ({ courses: await courses.list(request.user) }),
  );

  app.get(
    '/today',
    {
      schema: {
        summary: 'Що сьогодні: наступні уроки й незаповнений щоденник',
        response: { 200: todaySchema, 401: errorSchema },
      },
    },
    async (request) => {
      const [today, summary] = await Promise.all([courses.today(request.user), habit(request.user)]);
      return { ...today, habit: summary };
    },
  );

  app.patch(
    '/next',
    {
      schema: {
        summary: 'Оголосити, змінити або скасувати наступну хвилю (куратори)',
        body: nextWaveBodySchema,
        response: { 200: nextWaveAnswerSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const { courseId, nextWave, nextStart } = request.body;
      return courses.setNextWave(request.user, courseId, nextWave, nextStart);
    },
  );

  app.patch(
    '/lesson/date',
    {
      schema: {
        summary: 'Запланувати відкриття уроку для поточної хвилі (куратори)',
        body: lessonDateBodySchema,
        response: { 200: lessonDateAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { courseId, lessonId, scheduledDate } = request.body;
      return courses.scheduleLesson(request.user, courseId, Number(lessonId), scheduledDate);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: 'Курс з уроками моєї хвилі',
        params: courseIdParamsSchema,
        response: { 200: courseSchema, ...errors },
      },
    },
    async (request) => courses.get(request.user, request.params.id),
  );

  app.post(
    '/:id/enroll',
    {
      schema: {
        summary: 'Приєднатися до курсу: до обраної хвилі або, без вибору, до наступної (якщо оголошено)',
        params: courseIdParamsSchema,
        body: enrollBodySchema,
        response: { 200: userSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => courses.enroll(request.user, request.params.id, request.body?.wave),
  );

  app.get(
    '/:id/lessons/:lessonId/content',
    {
      schema: {
        summary: 'Текст уроку (очищений HTML); 403, поки урок закритий',
        params: lessonParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const html = await courses.lessonContent(request.user, request.params.id, Number(request.params.lessonId));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').send(html);
    },
  );

  app.post(
    '/:id/lessons/:lessonId/test',
    {
      schema: {
        summary: 'Здати самоперевірку: оцінка 0–10 іде в щоденник і Український слід',
        params: lessonParamsSchema,
        body: selfTestBodySchema,
        response: { 200: selfTestResultSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) =>
      courses.selfTest(request.user, request.params.id, Number(request.params.lessonId), request.body.answers),
  );
};
