import {
  adminCourseDetailSchema,
  adminCourseParamsSchema,
  adminCoursesSchema,
  adminLessonParamsSchema,
  adminLessonSchema,
  courseCreateBodySchema,
  courseUpdateBodySchema,
  errorSchema,
  lessonCreateBodySchema,
  lessonEditSchema,
  lessonOrderBodySchema,
  mediaSchema,
  previewBodySchema,
  previewSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm } from '../../infra/http/multipart.js';
import { consoleDocs, documentRoutes } from '../../infra/http/openapi.js';
import type { CourseAuthoring } from './authoring.js';

/**
 * The console's courses and lessons (`/api/admin/courses`, `/api/admin/preview`): admins write them;
 * curators (`config.curators`) read the overview. The console's door (features/admin) lets them in.
 */
export const courseAdminRoutes: FastifyPluginAsyncZod<{ authoring: CourseAuthoring }> = async (app, { authoring }) => {
  documentRoutes(app, consoleDocs('courses'));
  const noFields = z.object({});
  app.get(
    '/courses',
    {
      config: { curators: true },
      schema: { summary: 'Усі курси з хвилями (куратори й адміністратори)', response: { 200: adminCoursesSchema } },
    },
    async (request) => authoring.list(request.user),
  );
  app.post(
    '/courses',
    {
      schema: {
        summary: 'Новий курс з першою хвилею',
        body: courseCreateBodySchema,
        response: { 201: adminCourseDetailSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await authoring.create(request.user, request.body)),
  );
  app.get(
    '/courses/:id',
    {
      config: { curators: true },
      schema: {
        summary: 'Курс: хвилі й уроки з датами відкриття (куратори й адміністратори)',
        params: adminCourseParamsSchema,
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) => authoring.detail(request.user, request.params.id),
  );
  app.patch(
    '/courses/:id',
    {
      schema: {
        summary: 'Змінити курс',
        params: adminCourseParamsSchema,
        body: courseUpdateBodySchema,
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) => authoring.update(request.user, request.params.id, request.body),
  );
  app.get(
    '/courses/:id/export',
    {
      schema: {
        summary: 'Експорт курсу (.zip у форматі npm run content)',
        params: adminCourseParamsSchema,
        response: { 200: z.unknown().describe('application/zip') },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await authoring.exportZip(request.user, request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
  app.post(
    '/courses/:id/media',
    {
      schema: {
        summary: 'Завантажити зображення чи аудіо для уроків (multipart: file, ≤ 50 МБ)',
        params: adminCourseParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: mediaSchema, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const media = await authoring.uploadMedia(
        request.user,
        request.params.id,
        async (receiver) => (await readForm(request, noFields, receiver)).file,
      );
      return reply.code(201).send(media);
    },
  );
  app.post(
    '/courses/:id/lessons',
    {
      schema: {
        summary: 'Новий урок наступним днем',
        params: adminCourseParamsSchema,
        body: lessonCreateBodySchema,
        response: { 201: adminLessonSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await authoring.addLesson(request.user, request.params.id, request.body.theme)),
  );
  app.put(
    '/courses/:id/lessons/order',
    {
      schema: {
        summary: 'Новий порядок уроків (домашні завдання й щоденники переходять разом з уроком)',
        params: adminCourseParamsSchema,
        body: lessonOrderBodySchema,
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) => authoring.reorder(request.user, request.params.id, request.body.days),
  );
  app.get(
    '/courses/:id/lessons/:day',
    {
      schema: {
        summary: 'Урок для редагування (Markdown, відповіді самоперевірки)',
        params: adminLessonParamsSchema,
        response: { 200: adminLessonSchema },
      },
    },
    async (request) => authoring.lesson(request.user, request.params.id, request.params.day),
  );
  app.put(
    '/courses/:id/lessons/:day',
    {
      schema: {
        summary: 'Зберегти урок',
        params: adminLessonParamsSchema,
        body: lessonEditSchema,
        response: { 200: adminLessonSchema },
      },
    },
    async (request) => authoring.saveLesson(request.user, request.params.id, request.params.day, request.body),
  );
  app.delete(
    '/courses/:id/lessons/:day',
    {
      schema: {
        summary: 'Видалити урок, над яким ще ніхто не працював',
        params: adminLessonParamsSchema,
        response: { 200: adminCourseDetailSchema },
      },
    },
    async (request) => authoring.deleteLesson(request.user, request.params.id, request.params.day),
  );
  app.post(
    '/preview',
    {
      schema: {
        summary: 'Перегляд Markdown так, як його побачать учні (очищений HTML)',
        body: previewBodySchema,
        response: { 200: previewSchema },
      },
    },
    async (request) => authoring.preview(request.user, request.body.markdown),
  );
};
