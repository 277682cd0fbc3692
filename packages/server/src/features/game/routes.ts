import {
  gameRatingSchema,
  gameStatsSchema,
  repetitionOverviewSchema,
  repetitionResultSchema,
  repetitionSessionSchema,
  roundAnswersSchema,
  roundResultSchema,
  roundSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { RepetitionService } from './repetition.js';
import type { GameService } from './service.js';

export const gameRoutes: FastifyPluginAsyncZod<{ game: GameService; repetition: RepetitionService }> = async (
  app,
  { game, repetition },
) => {
  signedInRoutes(app, { tags: ['game'] });

  app.post(
    '/rounds',
    {
      schema: {
        summary: 'Новий раунд «Паляниці»: 7 завдань без відповідей, 7 хвилин',
        response: { 201: roundSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await game.start(request.user.id)),
  );

  app.post(
    '/rounds/:id/answers',
    {
      schema: {
        summary: 'Відповіді раунду: бали, правильні відповіді й пояснення (раз; повтор дає той самий результат)',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: roundAnswersSchema,
        response: { 200: roundResultSchema, ...errors },
      },
    },
    async (request) => game.finish(request.user.id, request.params.id, request.body.answers),
  );

  app.get(
    '/me',
    { schema: { summary: 'Мої найкращі результати', response: { 200: gameStatsSchema, ...errors } } },
    async (request) => game.stats(request.user.id),
  );

  app.get(
    '/rating',
    { schema: { summary: 'Рейтинг гравців: 10 найкращих', response: { 200: gameRatingSchema, ...errors } } },
    async (request) => game.rating(request.user.id),
  );

  app.get(
    '/repetition',
    {
      schema: {
        summary: '«Повторення»: скільки карток на зараз, скільки всього, коли наступна',
        response: { 200: repetitionOverviewSchema, ...errors },
      },
    },
    async (request) => repetition.overview(request.user.id),
  );

  app.post(
    '/repetition/sessions',
    {
      schema: {
        summary: 'Нова сесія «Повторення»: до 10 карток, яким настав час, без відповідей (404 — карток немає)',
        response: { 201: repetitionSessionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await repetition.start(request.user.id)),
  );

  app.post(
    '/repetition/sessions/:id/answers',
    {
      schema: {
        summary:
          'Відповіді сесії «Повторення»: бали, правильні відповіді й пояснення (раз; повтор дає той самий результат)',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: roundAnswersSchema,
        response: { 200: repetitionResultSchema, ...errors },
      },
    },
    async (request) => repetition.finish(request.user, request.params.id, request.body.answers),
  );
};
