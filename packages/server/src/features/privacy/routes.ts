import { accountDeletionBodySchema, errorSchema, myDataSchema, privacyNoticeSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentRoutes } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { PrivacyService } from './service.js';

/** `/api/privacy`: the public notice's settings, and «Мої дані» of the signed-in person. */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  documentRoutes(app, { tags: ['privacy'] });

  app.get(
    '/notice',
    {
      schema: {
        summary: 'Повідомлення про конфіденційність: контакти і строки',
        response: { 200: privacyNoticeSchema },
      },
    },
    async () => privacy.notice(),
  );

  await app.register(signedInRoutesOf(privacy));
};

function signedInRoutesOf(privacy: PrivacyService): FastifyPluginAsyncZod {
  return async (app) => {
    signedInRoutes(app, { tags: ['privacy'] });

    app.get(
      '/mine',
      {
        schema: {
          summary: 'Мій архів даних і заплановане видалення',
          response: { 200: myDataSchema, 401: errorSchema },
        },
      },
      async (request) => privacy.mine(request.user),
    );

    app.post(
      '/export',
      {
        schema: {
          summary: 'Замовити архів усіх моїх даних (готується у фоні, доступний добу)',
          response: { 202: myDataSchema, 401: errorSchema, 409: errorSchema },
        },
      },
      async (request, reply) => reply.code(202).send(await privacy.requestExport(request.user)),
    );

    app.get(
      '/export',
      {
        schema: {
          summary: 'Завантажити готовий архів (лише власник, протягом доби)',
          response: { 200: z.any().meta({ description: 'application/zip' }), 401: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const { stream, size, name } = await privacy.openExport(request.user);
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', size)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.post(
      '/deletion',
      {
        schema: {
          summary: 'Видалити акаунт після пільгового строку (пароль і слово-підтвердження)',
          body: accountDeletionBodySchema,
          response: { 200: myDataSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
        },
      },
      async (request) => privacy.requestDeletion(request.user, request.body.password),
    );
  };
}
