import {
  adminCertificateCriteriaSchema,
  adminCertificateSchema,
  adminCertificatesQuerySchema,
  adminCertificatesSchema,
  certificateCriteriaSchema,
  certificateRevokeSchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleDocs, documentRoutes, idParams } from '../../infra/http/openapi.js';
import type { CertificatesService } from './service.js';

/** The console's certificates (`/api/admin/certificates`): admins set criteria, list and revoke. */
export const certificateAdminRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  documentRoutes(app, consoleDocs('certificates'));
  app.get(
    '/certificates/criteria/:id',
    {
      schema: {
        summary: 'Умови сертифіката курсу',
        params: idParams,
        response: { 200: adminCertificateCriteriaSchema },
      },
    },
    async (request) => certificates.criteria(request.user, request.params.id),
  );
  app.put(
    '/certificates/criteria/:id',
    {
      schema: {
        summary: 'Змінити умови сертифіката курсу (діють для хвиль, що закінчаться після цього)',
        params: idParams,
        body: certificateCriteriaSchema,
        response: { 200: adminCertificateCriteriaSchema },
      },
    },
    async (request) => certificates.saveCriteria(request.user, request.params.id, request.body),
  );
  app.get(
    '/certificates',
    {
      schema: {
        summary: 'Сертифікати курсу, новіші спершу (?courseId=…)',
        querystring: adminCertificatesQuerySchema,
        response: { 200: adminCertificatesSchema },
      },
    },
    async (request) => certificates.list(request.user, request.query),
  );
  app.post(
    '/certificates/:id/revoke',
    {
      schema: {
        summary: 'Відкликати сертифікат (з причиною)',
        params: idParams,
        body: certificateRevokeSchema,
        response: { 200: adminCertificateSchema },
      },
    },
    async (request) => certificates.revoke(request.user, request.params.id, request.body.reason),
  );
};
