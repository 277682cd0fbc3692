import { errorSchema, openbookMonthParamsSchema, openbookMonthSchema, openbookShareSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentRoutes, errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { OpenbookService } from './service.js';

const tags = ['openbook'];

/**
 * `/api/openbook`: the month's open account for anyone (no sign-in: the footer and the support
 * screen link to it), and a signed-in donor's own share of it.
 */
export const openbookRoutes: FastifyPluginAsyncZod<{ openbook: OpenbookService }> = async (app, { openbook }) => {
  documentRoutes(app, { tags });
  // The signed-in route in a child plugin: its 401 hook does not reach the public ones.
  await app.register(signedInOpenbookRoutes, { openbook });

  app.get(
    '/',
    {
      schema: {
        summary: 'Відкритий звіт поточного місяця (за Києвом), без входу',
        response: { 200: openbookMonthSchema },
      },
    },
    async () => openbook.month(openbook.currentMonth()),
  );
  app.get(
    '/:month',
    {
      schema: {
        summary: 'Відкритий звіт за місяць (РРРР-ММ, за Києвом), без входу: надходження, витрати, учасники, перевірки',
        params: openbookMonthParamsSchema,
        response: { 200: openbookMonthSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => openbook.month(request.params.month),
  );
};

const signedInOpenbookRoutes: FastifyPluginAsyncZod<{ openbook: OpenbookService }> = async (signedIn, { openbook }) => {
  signedInRoutes(signedIn, { tags });
  signedIn.get(
    '/:month/mine',
    {
      schema: {
        summary: 'Мої внески за місяць і моя частка в надходженнях',
        params: openbookMonthParamsSchema,
        response: { 200: openbookShareSchema, ...errors },
      },
    },
    async (request) => openbook.share(request.user, request.params.month),
  );
};
