import {
  authResponseSchema,
  errorSchema,
  recoveryCodesSchema,
  twoStepCodeBodySchema,
  twoStepConfirmBodySchema,
  twoStepEnableBodySchema,
  twoStepPasswordBodySchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, documentRoutes } from '../../infra/http/openapi.js';
import type { AuthService } from './service.js';
import type { TwoStepService } from './two-step.js';

const refusals = { 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema };

/** `/api/auth/two-step`: the code step of a sign-in, and a person's own set-up (docs/domain.md «Two-step sign-in»). */
export const twoStepRoutes: FastifyPluginAsyncZod<{ auth: AuthService; twoStep: TwoStepService }> = async (
  app,
  { auth, twoStep },
) => {
  documentRoutes(app, { tags: ['auth'] });

  app.post(
    '/',
    {
      schema: {
        summary: 'Вхід: код із застосунку або резервний код після пароля',
        body: twoStepCodeBodySchema,
        response: { 200: authResponseSchema, 400: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) =>
      auth.completeTwoStep(request.body.ticket, request.body.code, request.ip, request.headers['user-agent']),
  );

  const signedIn = { onRequest: app.authenticate };
  app.get(
    '/',
    {
      ...signedIn,
      schema: {
        summary: 'Двоетапний вхід: стан',
        security: bearer,
        response: { 200: twoStepStatusSchema, 401: errorSchema },
      },
    },
    async (request) => twoStep.status(request.user),
  );

  app.post(
    '/setup',
    {
      ...signedIn,
      schema: {
        summary: 'Новий ключ для застосунку (після пароля); увімкнеться після першого коду',
        security: bearer,
        body: twoStepPasswordBodySchema,
        response: { 200: twoStepSetupSchema, ...refusals },
      },
    },
    async (request) => twoStep.begin(request.user, request.body.password, request.ip),
  );

  app.post(
    '/enable',
    {
      ...signedIn,
      schema: {
        summary: 'Увімкнути першим кодом; відповідь — резервні коди (показуються один раз)',
        security: bearer,
        body: twoStepEnableBodySchema,
        response: { 200: recoveryCodesSchema, ...refusals },
      },
    },
    async (request) => twoStep.enable(request.user, request.body.code, request.ip),
  );

  app.post(
    '/disable',
    {
      ...signedIn,
      schema: {
        summary: 'Вимкнути: пароль і поточний код',
        security: bearer,
        body: twoStepConfirmBodySchema,
        response: { 200: twoStepStatusSchema, ...refusals },
      },
    },
    async (request) => twoStep.disable(request.user, request.body.password, request.body.code, request.ip),
  );

  app.post(
    '/recovery-codes',
    {
      ...signedIn,
      schema: {
        summary: 'Нові резервні коди замість старих: пароль і поточний код',
        security: bearer,
        body: twoStepConfirmBodySchema,
        response: { 200: recoveryCodesSchema, ...refusals },
      },
    },
    async (request) => twoStep.renewRecoveryCodes(request.user, request.body.password, request.body.code, request.ip),
  );
};
