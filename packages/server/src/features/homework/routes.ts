import {
  addCommentFieldsSchema,
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
  ratingBodySchema,
  removeFileBodySchema,
  updateExerciseFieldsSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm } from '../../infra/http/multipart.js';
import { errorResponses as errors, bearer as security } from '../../infra/http/openapi.js';
import type { HomeworkService } from './service.js';

const tags = ['exercises'];
const form = { consumes: ['multipart/form-data'] };
const fileErrors = { 409: errorSchema, 413: errorSchema, 415: errorSchema };

export const homeworkRoutes: FastifyPluginAsyncZod<{ homework: HomeworkService }> = async (app, { homework }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
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
        tags,
        security,
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
        tags,
        security,
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
        tags,
        security,
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
        tags,
        security,
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
        tags,
        security,
        ...form,
        summary: 'Коментар: multipart { exerciseId, comment, file? }',
        response: { 201: commentSchema, ...errors, ...fileErrors },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readForm(request, addCommentFieldsSchema, homework.fileReceiver(request.user));
      return reply.code(201).send(await homework.addComment(request.user, fields.exerciseId, fields.comment, file));
    },
  );

  app.patch(
    '/comment',
    {
      schema: {
        tags,
        security,
        ...form,
        summary: 'Змінити свій коментар: multipart { exerciseId, commentId, comment, file? }',
        response: { 200: commentSchema, ...errors, ...fileErrors },
      },
    },
    async (request) => {
      const { fields, file } = await readForm(request, editCommentFieldsSchema, homework.fileReceiver(request.user));
      return homework.editComment(request.user, fields.exerciseId, fields.commentId, fields.comment, file);
    },
  );

  app.delete(
    '/comment',
    {
      schema: {
        tags,
        security,
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
        tags,
        security,
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
        tags,
        security,
        summary: 'Оцінити домашнє завдання 1–12 (куратори)',
        body: ratingBodySchema,
        response: { 200: z.object({ exerciseId: z.string(), rating: z.number().int() }), 409: errorSchema, ...errors },
      },
    },
    async (request) => homework.rate(request.user, request.body.exerciseId, request.body.rating),
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'Сповіщення: нові коментарі кураторів або завдання, що чекають перевірки',
        querystring: pageQuerySchema,
        response: { 200: notificationsSchema, ...errors },
      },
    },
    async (request) => homework.notifications(request.user, request.query.page, request.query.limit),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Завдання (власнику й кураторам)',
        params: exerciseIdParamsSchema,
        response: { 200: exerciseSchema, ...errors },
      },
    },
    async (request) => homework.byId(request.user, request.params.id),
  );
};
