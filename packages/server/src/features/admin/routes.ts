import {
  ADMIN_MESSAGES,
  adminClubsSchema,
  adminCourseDetailSchema,
  adminCourseParamsSchema,
  adminCoursesSchema,
  adminLessonParamsSchema,
  adminLessonSchema,
  adminOlympiadSchema,
  adminOlympiadsSchema,
  adminPaymentsQuerySchema,
  adminPaymentsSchema,
  adminSubscriptionsQuerySchema,
  adminSubscriptionsSchema,
  adminTaskSchema,
  adminTasksQuerySchema,
  adminTasksSchema,
  adminUserDetailSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  auditLogSchema,
  auditQuerySchema,
  clubBodySchema,
  clubSchema,
  clubSignupsSchema,
  courseCreateBodySchema,
  courseUpdateBodySchema,
  errorSchema,
  historyQuerySchema,
  lessonCreateBodySchema,
  lessonEditSchema,
  lessonOrderBodySchema,
  mediaSchema,
  monthTotalsSchema,
  olympiadBodySchema,
  olympiadSchema,
  pageQuerySchema,
  previewBodySchema,
  previewSchema,
  roleBodySchema,
  taskBodySchema,
  taskParamsSchema,
  unmatchedCallbacksSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import { readForm } from '../../infra/http/multipart.js';
import { errorResponses, bearer as security } from '../../infra/http/openapi.js';
import type { ClubsService } from '../clubs/service.js';
import type { CourseAuthoring } from '../courses/authoring.js';
import type { TaskAuthoring } from '../game/authoring.js';
import type { OlympiadsService } from '../olympiads/service.js';
import type { PaymentReports } from '../payments/reports.js';
import { readAudit } from './audit.js';
import { canAdminister, canOverseeCourses } from './policy.js';
import type { UsersAdmin } from './users.js';

export interface AdminDeps {
  db: Db;
  users: UsersAdmin;
  authoring: CourseAuthoring;
  tasks: TaskAuthoring;
  olympiads: OlympiadsService;
  clubs: ClubsService;
  reports: PaymentReports;
}

const errors = { ...errorResponses, 409: errorSchema };
const idParams = z.object({ id: z.string().min(1).max(64) });
const noFields = z.object({});

/** OpenAPI tags: one per part of the console. */
const tag = (name: string) => ({ tags: [`admin: ${name}`], security });

/**
 * The admin and curator console: `/api/admin/...`. Every call is authenticated here and
 * authorized by the service it reaches (admins; curators only for the course overview).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const { users, authoring, tasks, olympiads, clubs, reports } = deps;
  app.addHook('onRequest', app.authenticate);
  // Refused at the door, before any body is read; the services check again.
  app.addHook('onRequest', async (request) => {
    const forCurators = (request.routeOptions.config as { curators?: boolean }).curators === true;
    if (forCurators ? !canOverseeCourses(request.user) : !canAdminister(request.user)) {
      throw new AppError(403, forCurators ? ADMIN_MESSAGES.curatorsOnly : ADMIN_MESSAGES.adminsOnly);
    }
  });

  // ─── People ───
  app.get(
    '/users',
    {
      schema: {
        ...tag('users'),
        summary: 'Користувачі: пошук за імʼям чи email, фільтр за роллю',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersSchema, ...errors },
      },
    },
    async (request) => users.list(request.user, request.query),
  );
  app.get(
    '/users/:id',
    {
      schema: {
        ...tag('users'),
        summary: 'Користувач і його курси',
        params: idParams,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    async (request) => users.detail(request.user, request.params.id),
  );
  app.patch(
    '/users/:id/role',
    {
      schema: {
        ...tag('users'),
        summary: 'Змінити роль (останнього адміністратора зняти не можна)',
        params: idParams,
        body: roleBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => users.setRole(request.user, request.params.id, request.body.role),
  );

  // ─── Courses and lessons ───
  app.get(
    '/courses',
    {
      config: { curators: true },
      schema: {
        ...tag('courses'),
        summary: 'Усі курси з хвилями (куратори й адміністратори)',
        response: { 200: adminCoursesSchema, ...errors },
      },
    },
    async (request) => authoring.list(request.user),
  );
  app.post(
    '/courses',
    {
      schema: {
        ...tag('courses'),
        summary: 'Новий курс з першою хвилею',
        body: courseCreateBodySchema,
        response: { 201: adminCourseDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await authoring.create(request.user, request.body)),
  );
  app.get(
    '/courses/:id',
    {
      config: { curators: true },
      schema: {
        ...tag('courses'),
        summary: 'Курс: хвилі й уроки з датами відкриття (куратори й адміністратори)',
        params: adminCourseParamsSchema,
        response: { 200: adminCourseDetailSchema, ...errors },
      },
    },
    async (request) => authoring.detail(request.user, request.params.id),
  );
  app.patch(
    '/courses/:id',
    {
      schema: {
        ...tag('courses'),
        summary: 'Змінити курс',
        params: adminCourseParamsSchema,
        body: courseUpdateBodySchema,
        response: { 200: adminCourseDetailSchema, ...errors },
      },
    },
    async (request) => authoring.update(request.user, request.params.id, request.body),
  );
  app.get(
    '/courses/:id/export',
    {
      schema: {
        ...tag('courses'),
        summary: 'Експорт курсу (.zip у форматі npm run content)',
        params: adminCourseParamsSchema,
        response: { 200: z.unknown().describe('application/zip'), ...errors },
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
        ...tag('courses'),
        summary: 'Завантажити зображення чи аудіо для уроків (multipart: file, ≤ 50 МБ)',
        params: adminCourseParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: mediaSchema, 413: errorSchema, 415: errorSchema, ...errors },
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
        ...tag('courses'),
        summary: 'Новий урок наступним днем',
        params: adminCourseParamsSchema,
        body: lessonCreateBodySchema,
        response: { 201: adminLessonSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await authoring.addLesson(request.user, request.params.id, request.body.theme)),
  );
  app.put(
    '/courses/:id/lessons/order',
    {
      schema: {
        ...tag('courses'),
        summary: 'Новий порядок уроків (домашні завдання й щоденники переходять разом з уроком)',
        params: adminCourseParamsSchema,
        body: lessonOrderBodySchema,
        response: { 200: adminCourseDetailSchema, ...errors },
      },
    },
    async (request) => authoring.reorder(request.user, request.params.id, request.body.days),
  );
  app.get(
    '/courses/:id/lessons/:day',
    {
      schema: {
        ...tag('courses'),
        summary: 'Урок для редагування (Markdown, відповіді самоперевірки)',
        params: adminLessonParamsSchema,
        response: { 200: adminLessonSchema, ...errors },
      },
    },
    async (request) => authoring.lesson(request.user, request.params.id, request.params.day),
  );
  app.put(
    '/courses/:id/lessons/:day',
    {
      schema: {
        ...tag('courses'),
        summary: 'Зберегти урок',
        params: adminLessonParamsSchema,
        body: lessonEditSchema,
        response: { 200: adminLessonSchema, ...errors },
      },
    },
    async (request) => authoring.saveLesson(request.user, request.params.id, request.params.day, request.body),
  );
  app.delete(
    '/courses/:id/lessons/:day',
    {
      schema: {
        ...tag('courses'),
        summary: 'Видалити урок, над яким ще ніхто не працював',
        params: adminLessonParamsSchema,
        response: { 200: adminCourseDetailSchema, ...errors },
      },
    },
    async (request) => authoring.deleteLesson(request.user, request.params.id, request.params.day),
  );
  app.post(
    '/preview',
    {
      schema: {
        ...tag('courses'),
        summary: 'Перегляд Markdown так, як його побачать учні (очищений HTML)',
        body: previewBodySchema,
        response: { 200: previewSchema, ...errors },
      },
    },
    async (request) => authoring.preview(request.user, request.body.markdown),
  );

  // ─── Game tasks ───
  app.get(
    '/game/tasks',
    {
      schema: {
        ...tag('game'),
        summary: 'Завдання гри й олімпіад',
        querystring: adminTasksQuerySchema,
        response: { 200: adminTasksSchema, ...errors },
      },
    },
    async (request) => tasks.list(request.user, request.query),
  );
  app.post(
    '/game/tasks',
    {
      schema: {
        ...tag('game'),
        summary: 'Нове завдання',
        body: taskBodySchema,
        response: { 201: adminTaskSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tasks.create(request.user, request.body.task, request.body.active)),
  );
  app.put(
    '/game/tasks/:id',
    {
      schema: {
        ...tag('game'),
        summary: 'Змінити або вимкнути завдання',
        params: taskParamsSchema,
        body: taskBodySchema,
        response: { 200: adminTaskSchema, ...errors },
      },
    },
    async (request) => tasks.update(request.user, request.params.id, request.body.task, request.body.active),
  );

  // ─── Olympiads ───
  app.get(
    '/olympiads',
    {
      schema: {
        ...tag('olympiads'),
        summary: 'Усі олімпіади',
        response: { 200: adminOlympiadsSchema, ...errors },
      },
    },
    async (request) => olympiads.listAll(request.user),
  );
  app.post(
    '/olympiads',
    {
      schema: {
        ...tag('olympiads'),
        summary: 'Запланувати олімпіаду: завдання обираються з бази',
        body: olympiadBodySchema,
        response: { 201: olympiadSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await olympiads.create(request.user, request.body)),
  );
  app.put(
    '/olympiads/:id',
    {
      schema: {
        ...tag('olympiads'),
        summary: 'Змінити олімпіаду, що ще не почалася',
        params: idParams,
        body: olympiadBodySchema,
        response: { 200: adminOlympiadSchema, ...errors },
      },
    },
    async (request) => olympiads.update(request.user, request.params.id, request.body),
  );
  app.delete(
    '/olympiads/:id',
    {
      schema: {
        ...tag('olympiads'),
        summary: 'Видалити олімпіаду, що ще не почалася',
        params: idParams,
        response: { 200: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request) => olympiads.remove(request.user, request.params.id),
  );

  // ─── Clubs ───
  app.get(
    '/clubs',
    {
      schema: {
        ...tag('clubs'),
        summary: 'Усі клуби, і минулі',
        response: { 200: adminClubsSchema, ...errors },
      },
    },
    async (request) => clubs.listAll(request.user),
  );
  app.post(
    '/clubs',
    {
      schema: {
        ...tag('clubs'),
        summary: 'Новий клуб',
        body: clubBodySchema,
        response: { 201: clubSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await clubs.create(request.user, request.body)),
  );
  app.put(
    '/clubs/:id',
    {
      schema: {
        ...tag('clubs'),
        summary: 'Змінити клуб (місць не менше, ніж уже записано)',
        params: idParams,
        body: clubBodySchema,
        response: { 200: clubSchema, ...errors },
      },
    },
    async (request) => clubs.update(request.user, request.params.id, request.body),
  );
  app.get(
    '/clubs/:id/signups',
    {
      schema: {
        ...tag('clubs'),
        summary: 'Хто записався',
        params: idParams,
        response: { 200: clubSignupsSchema, ...errors },
      },
    },
    async (request) => clubs.signups(request.user, request.params.id),
  );

  // ─── Payments ───
  app.get(
    '/payments',
    {
      schema: {
        ...tag('payments'),
        summary: 'Успішні платежі (дні за Києвом, пошук за платником)',
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsSchema, ...errors },
      },
    },
    async (request) => reports.payments(request.user, request.query),
  );
  app.get(
    '/payments/months',
    {
      schema: {
        ...tag('payments'),
        summary: 'Підсумки за місяцями (за Києвом)',
        response: { 200: monthTotalsSchema, ...errors },
      },
    },
    async (request) => reports.months(request.user),
  );
  app.get(
    '/payments/export',
    {
      schema: {
        ...tag('payments'),
        summary: 'Платежі для бухгалтерії (CSV, UTF-8, «;»)',
        querystring: historyQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await reports.csv(request.user, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payments.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get(
    '/subscriptions',
    {
      schema: {
        ...tag('payments'),
        summary: 'Щомісячні підписки',
        querystring: adminSubscriptionsQuerySchema,
        response: { 200: adminSubscriptionsSchema, ...errors },
      },
    },
    async (request) => reports.subscriptions(request.user, request.query),
  );
  app.get(
    '/callbacks',
    {
      schema: {
        ...tag('payments'),
        summary: 'Колбеки провайдера, які не вдалося зіставити',
        querystring: pageQuerySchema,
        response: { 200: unmatchedCallbacksSchema, ...errors },
      },
    },
    async (request) => reports.unmatched(request.user, request.query),
  );

  // ─── Audit ───
  app.get(
    '/audit',
    {
      schema: {
        ...tag('audit'),
        summary: 'Журнал змін: хто, що, коли',
        querystring: auditQuerySchema,
        response: { 200: auditLogSchema, ...errors },
      },
    },
    async (request) => readAudit(deps.db, request.user, request.query),
  );
};
