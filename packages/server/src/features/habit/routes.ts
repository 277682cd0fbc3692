import { dailyGoalSchema, habitSummarySchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { HabitService } from './service.js';

/** `/api/habit`: my streak and my daily goal (home gets the summary with `/api/courses/today`). */
export const habitRoutes: FastifyPluginAsyncZod<{ habit: HabitService }> = async (app, { habit }) => {
  signedInRoutes(app, { tags: ['habit'] });

  app.get(
    '/',
    {
      schema: {
        summary: 'Моя серія днів, мета дня й поступ сьогодні',
        response: { 200: habitSummarySchema, ...errors },
      },
    },
    async (request) => habit.summary(request.user),
  );

  app.get(
    '/goal',
    { schema: { summary: 'Моя мета дня', response: { 200: dailyGoalSchema, ...errors } } },
    async (request) => habit.goal(request.user),
  );

  app.put(
    '/goal',
    {
      schema: {
        summary: 'Змінити мету дня (уроки й повторення, від 0 до 3, хоча б одне)',
        body: dailyGoalSchema,
        response: { 200: dailyGoalSchema, ...errors },
      },
    },
    async (request) => habit.setGoal(request.user, request.body),
  );
};
