import {
  addCommentFieldsSchema,
  CLAIM_MINUTES,
  claimBodySchema,
  claimSchema,
  commentRefSchema,
  commentSchema,
  createExerciseFieldsSchema,
  editCommentFieldsSchema,
  errorSchema,
  exerciseIdParamsSchema,
  exerciseQuerySchema,
  exerciseRefSchema,
  exerciseSchema,
  notificationsSchema,
  pageQuerySchema,
  queueQuerySchema,
  queueSchema,
  ratingBodySchema,
  ratingUndoneSchema,
  removeFileBodySchema,
  reviewedQuerySchema,
  reviewedSchema,
  updateExerciseFieldsSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm } from '../../infra/http/multipart.js';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { HomeworkService } from './service.js';

const form = { consumes: ['multipart/form-data'] };
const fileErrors = { 409: errorSchema, 413: errorSchema, 415: errorSchema };

export const homeworkRoutes: FastifyPluginAsyncZod<{ homework: HomeworkService }> = async (app, { homework }) => {
  signedInRoutes(app, { tags: ['exercises'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Моє домашнє завдання до уроку',
        querystring: exerciseQuerySchema,
        response: { 200: exerciseSchema.nullable(), ...errors },
      },
    },
    async (request) => homework.mine(request.user, request.query.courseId, Number(request.query.lessonId)),
  );

  app.post(
    '/',
    {
      schema: {
        ...form,
        summary: 'Здати домашнє завдання: multipart { courseId, lessonId, homework, file? }',
        response: { 201: exerciseSchema, ...errors, ...fileErrors },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readForm(request, createExerciseFieldsSchema, homework.fileReceiver(request.user));
      const created = await homework.create(
        request.user,
        fields.courseId,
        Number(fields.lessonId),
        fields.homework,
        file,
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/',
    {
      schema: {
        ...form,
        summary: 'Змінити домашнє завдання: multipart { exerciseId, homework, file? }; без file файл лишається',
        response: { 200: exerciseSchema, ...errors, ...fileErrors },
      },
    },
    async (request) => {
      const { fields, file } = await readForm(request, updateExerciseFieldsSchema, homework.fileReceiver(request.user));
      return homework.update(request.user, fields.exerciseId, fields.homework, file);
    },
  );

  app.patch(
    '/homework',
    {
      schema: {
        summary: 'Видалити відповідь (і забрати її оцінку з Українського сліду)',
        body: exerciseRefSchema,
        response: { 200: exerciseSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => homework.clearHomework(request.user, request.body.exerciseId),
  );

  app.patch(
    '/file',
    {
      schema: {
        summary: 'Видалити файл відповіді або коментаря',
        body: removeFileBodySchema,
        response: { 200: exerciseSchema, ...errors },
      },
    },
    async (request) => homework.removeFile(request.user, request.body.exerciseId, request.body.commentId || undefined),
  );

  app.post(
    '/comment',
    {
      schema: {
        ...form,
        summary: 'Коментар: multipart { exerciseId, comment, tags? (мітки помилок через кому; куратори), file? }',
        response: { 201: commentSchema, ...errors, ...fileErrors },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readForm(request, addCommentFieldsSchema, homework.fileReceiver(request.user));
      return reply
        .code(201)
        .send(await homework.addComment(request.user, fields.exerciseId, fields.comment, file, fields.tags));
    },
  );

  app.patch(
    '/comment',
    {
      schema: {
        ...form,
        summary:
          'Змінити свій коментар: multipart { exerciseId, commentId, comment, tags?, file? }; без tags мітки лишаються',
        response: { 200: commentSchema, ...errors, ...fileErrors },
      },
    },
    async (request) => {
      const { fields, file } = await readForm(request, editCommentFieldsSchema, homework.fileReceiver(request.user));
      return homework.editComment(request.user, fields.exerciseId, fields.commentId, fields.comment, file, fields.tags);
    },
  );

  app.delete(
    '/comment',
    {
      schema: {
        summary: 'Видалити коментар (свій; куратори — будь-який)',
        querystring: commentRefSchema,
        response: { 200: z.object({ commentId: z.string() }), ...errors },
      },
    },
    async (request) => homework.deleteComment(request.user, request.query.exerciseId, request.query.commentId),
  );

  app.patch(
    '/status',
    {
      schema: {
        summary: 'Позначити коментарі до мене прочитаними',
        querystring: exerciseRefSchema,
        response: { 200: z.object({ exerciseId: z.string(), countNotifications: z.number().int() }), ...errors },
      },
    },
    async (request) => homework.markRead(request.user, request.query.exerciseId),
  );

  app.patch(
    '/rating',
    {
      schema: {
        summary: 'Оцінити домашнє завдання 1–12 (куратори)',
        body: ratingBodySchema,
        response: { 200: z.object({ exerciseId: z.string(), rating: z.number().int() }), 409: errorSchema, ...errors },
      },
    },
    async (request) => homework.rate(request.user, request.body.exerciseId, request.body.rating),
  );

  app.delete(
    '/rating',
    {
      schema: {
        summary: 'Скасувати щойно поставлену оцінку (лише той, хто її поставив, і лише 10 секунд)',
        querystring: exerciseRefSchema,
        response: { 200: ratingUndoneSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => homework.undoRating(request.user, request.query.exerciseId),
  );

  app.get(
    '/notifications',
    {
      schema: {
        summary: 'Сповіщення: нові коментарі кураторів або завдання, що чекають перевірки',
        querystring: pageQuerySchema,
        response: { 200: notificationsSchema, ...errors },
      },
    },
    async (request) => homework.notifications(request.user, request.query.page, request.query.limit),
  );

  app.get(
    '/queue',
    {
      schema: {
        summary: 'Черга перевірки: роботи, що чекають, від найстаріших (куратори)',
        querystring: queueQuerySchema,
        response: { 200: queueSchema, ...errors },
      },
    },
    async (request) => homework.review.queue(request.user, request.query),
  );

  app.get(
    '/reviewed',
    {
      schema: {
        summary: 'Переглянуті роботи, від найновіших, з пошуком (куратори)',
        querystring: reviewedQuerySchema,
        response: { 200: reviewedSchema, ...errors },
      },
    },
    async (request) => homework.review.reviewed(request.user, request.query),
  );

  app.post(
    '/:id/claim',
    {
      schema: {
        summary: `Взяти роботу на перевірку (або продовжити) на ${CLAIM_MINUTES} хв; 409, якщо її переглядає інший куратор`,
        params: exerciseIdParamsSchema,
        response: { 200: claimSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => homework.review.claim(request.user, request.params.id),
  );

  app.put(
    '/:id/claim',
    {
      schema: {
        summary: 'Передати роботу іншому куратору (адміністратори; записується в журнал)',
        params: exerciseIdParamsSchema,
        body: claimBodySchema,
        response: { 200: claimSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => homework.review.reassign(request.user, request.params.id, request.body.curatorId),
  );

  app.delete(
    '/:id/claim',
    {
      schema: {
        summary: 'Відпустити свою роботу (перехід до наступної)',
        params: exerciseIdParamsSchema,
        response: { 200: z.object({ exerciseId: z.string() }), ...errors },
      },
    },
    async (request) => homework.review.release(request.user, request.params.id),
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: 'Завдання (власнику й кураторам)',
        params: exerciseIdParamsSchema,
        response: { 200: exerciseSchema, ...errors },
      },
    },
    async (request) => homework.byId(request.user, request.params.id),
  );
};
