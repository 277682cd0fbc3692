import {
  CHAT_MESSAGES,
  chatHistoryQuerySchema,
  chatHistorySchema,
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
};
