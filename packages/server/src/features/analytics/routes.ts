import {
  analyticsWavesSchema,
  nudgeBodySchema,
  nudgeResultSchema,
  waveAnalyticsSchema,
  waveParamsSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { AnalyticsService } from './service.js';

/** `/api/analytics`: wave analytics and the nudge, for curators and admins (policy.ts). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  signedInRoutes(app, { tags: ['analytics'] });

  app.get(
    '/waves',
    { schema: { summary: 'Курси та їхні хвилі для аналітики', response: { 200: analyticsWavesSchema, ...errors } } },
    async (request) => analytics.waves(request.user),
  );

  app.get(
    '/waves/:courseId/:wave',
    {
      schema: {
        summary: 'Аналітика хвилі: 28 уроків день за днем і неактивні учасники',
        params: waveParamsSchema,
        response: { 200: waveAnalyticsSchema, ...errors },
      },
    },
    async (request) => analytics.wave(request.user, request.params.courseId, request.params.wave),
  );

  app.post(
    '/waves/:courseId/:wave/nudges',
    {
      schema: {
        summary: 'Нагадати неактивним учасникам хвилі (не частіше ніж раз на 3 дні кожному)',
        params: waveParamsSchema,
        body: nudgeBodySchema,
        response: { 200: nudgeResultSchema, ...errors },
      },
    },
    async (request) =>
      analytics.nudge(request.user, request.params.courseId, request.params.wave, request.body.userIds),
  );
};
