import { savedRepliesSchema, savedReplyBodySchema, savedReplyParamsSchema, savedReplySchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { RepliesService } from './service.js';

/** Under /api/exercises/replies: the reviewer's saved replies (curators and admins). */
export const repliesRoutes: FastifyPluginAsyncZod<{ replies: RepliesService }> = async (app, { replies }) => {
  signedInRoutes(app, { tags: ['exercises'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Шаблони відповідей: мої й спільні (куратори)',
        response: { 200: savedRepliesSchema, ...errors },
      },
    },
    async (request) => replies.list(request.user),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Новий шаблон відповіді',
        body: savedReplyBodySchema,
        response: { 201: savedReplySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await replies.create(request.user, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        summary: 'Змінити шаблон (автор; спільний — ще й адміністратор)',
        params: savedReplyParamsSchema,
        body: savedReplyBodySchema,
        response: { 200: savedReplySchema, ...errors },
      },
    },
    async (request) => replies.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Видалити шаблон (автор; спільний — ще й адміністратор)',
        params: savedReplyParamsSchema,
        response: { 200: z.object({ replyId: z.string() }), ...errors },
      },
    },
    async (request) => replies.remove(request.user, request.params.id),
  );
};
