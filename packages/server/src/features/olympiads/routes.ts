import {
  olympiadAttemptSchema,
  olympiadOverviewSchema,
  olympiadResultsSchema,
  olympiadScoreSchema,
  roundAnswersSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { OlympiadsService } from './service.js';

const params = z.object({ id: z.string().min(1).max(64) });
const conflict = { 409: z.object({ message: z.string() }) };

export const olympiadsRoutes: FastifyPluginAsyncZod<{ olympiads: OlympiadsService }> = async (app, { olympiads }) => {
  signedInRoutes(app, { tags: ['olympiads'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Наступна (чи поточна) олімпіада і результати попередньої',
        response: { 200: olympiadOverviewSchema, ...errors },
      },
    },
    async (request) => olympiads.overview(request.user),
  );

  app.post(
    '/:id/start',
    {
      schema: {
        summary: 'Почати свою єдину спробу (повторний виклик повертає ті самі завдання)',
        params,
        response: { 200: olympiadAttemptSchema, ...errors, ...conflict },
      },
    },
    async (request) => olympiads.start(request.user, request.params.id),
  );

  app.post(
    '/:id/answers',
    {
      schema: {
        summary: 'Відповіді олімпіади: один раз',
        params,
        body: roundAnswersSchema,
        response: { 200: olympiadScoreSchema, ...errors, ...conflict },
      },
    },
    async (request) => olympiads.finish(request.user, request.params.id, request.body.answers),
  );

  app.get(
    '/:id/results',
    {
      schema: {
        summary: 'Особистий і командний топ-10 (після завершення)',
        params,
        response: { 200: olympiadResultsSchema, ...errors },
      },
    },
    async (request) => olympiads.results(request.user, request.params.id),
  );
};
