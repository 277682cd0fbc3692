import {
  CHAT_MESSAGES,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatMessageSchema,
  chatMuteSchema,
  chatMuteViewSchema,
  chatPinSchema,
  chatReportSchema,
  chatReportsSchema,
  chatRoomSchema,
  chatRoomStateSchema,
  chatSlowSchema,
  chatUnmuteSchema,
  errorSchema,
  fileFieldsSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infra/errors.js';
import { readForm } from '../../infra/http/multipart.js';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { ChatService } from './service.js';

/** History over HTTP; live messages travel over Socket.IO (features/chat/socket.ts). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  signedInRoutes(app, { tags: ['chat'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Історія чату хвилі курсу: найновіші спершу, сторінки закріплені за firstMessageDate',
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistorySchema, ...errors },
      },
    },
    async (request) => chat.history(request.user, request.query),
  );

  app.post(
    '/upload',
    {
      schema: {
        consumes: ['multipart/form-data'],
        summary: 'Файл для повідомлення: multipart { file }; посилання з відповіді надішліть у chat:send',
        response: { 201: fileFieldsSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const { file } = await readForm(request, z.object({}), chat.fileReceiver(request.user));
      if (!file) throw new AppError(400, CHAT_MESSAGES.noFile);
      return reply.code(201).send(await chat.upload(request.user, file));
    },
  );

  // Moderation (docs/domain.md «Chat»): every rule is in chat/policy.ts, every change is audited
  // and told to the room's sockets on every instance.
  const messageParams = z.object({ id: z.string().min(1).max(64) });

  app.get(
    '/state',
    {
      schema: {
        summary: 'Стан чату для читача: закріплене повідомлення, повільний режим, власне обмеження',
        querystring: chatRoomSchema,
        response: { 200: chatRoomStateSchema, ...errors },
      },
    },
    async (request) => chat.roomState(request.user, request.query),
  );

  app.post(
    '/messages/:id/reports',
    {
      schema: {
        summary: 'Скарга учасника на повідомлення (одна на учасника); достатньо скарг — і його приховано',
        params: messageParams,
        body: chatReportSchema,
        response: { 201: z.object({ hidden: z.boolean() }), ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await chat.report(request.user, request.params.id, request.body)),
  );

  app.get(
    '/reports',
    { schema: { summary: 'Черга скарг для кураторів', response: { 200: chatReportsSchema, ...errors } } },
    async (request) => chat.reports(request.user),
  );

  app.post(
    '/messages/:id/keep',
    {
      schema: {
        summary: '«Залишити»: куратор знімає скарги, приховане повідомлення знову видно',
        params: messageParams,
        response: { 200: chatMessageSchema, ...errors },
      },
    },
    async (request) => chat.keep(request.user, request.params.id),
  );

  app.delete(
    '/messages/:id',
    {
      schema: {
        summary: '«Видалити»: видалення повідомлення автором або куратором (як chat:delete)',
        params: messageParams,
        response: { 200: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request) => chat.remove(request.user, request.params.id),
  );

  app.post(
    '/mutes',
    {
      schema: {
        summary: 'Куратор обмежує учасника в чаті хвилі на час, з причиною',
        body: chatMuteSchema,
        response: { 200: chatMuteViewSchema, ...errors },
      },
    },
    async (request) => chat.mute(request.user, request.body),
  );

  app.post(
    '/mutes/remove',
    {
      schema: {
        summary: 'Куратор знімає обмеження',
        body: chatUnmuteSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.unmute(request.user, request.body);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/slow',
    {
      schema: {
        summary: 'Повільний режим кімнати: одне повідомлення на N секунд (0 — вимкнено)',
        body: chatSlowSchema,
        response: { 200: chatRoomStateSchema, ...errors },
      },
    },
    async (request) => chat.setSlowMode(request.user, request.body, request.body.seconds),
  );

  app.put(
    '/pin',
    {
      schema: {
        summary: 'Закріплене повідомлення кімнати (одне; null — відкріпити)',
        body: chatPinSchema,
        response: { 200: chatRoomStateSchema, ...errors },
      },
    },
    async (request) => chat.pin(request.user, request.body, request.body.messageId),
  );
};
