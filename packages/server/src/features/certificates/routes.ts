import { errorSchema, myCertificatesSchema, publicCertificateSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentRoutes, errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { CertificatesService } from './service.js';

const tags = ['certificates'];
const params = z.object({ id: z.string().min(1).max(32) });
const publicErrors = { 404: errorSchema, 429: errorSchema };

/**
 * `/api/certificates`: anyone checks a certificate by its id (no sign-in: the QR code on paper
 * leads here), limited per address; a learner reads their own.
 */
export const certificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  documentRoutes(app, { tags });
  // The signed-in route in a child plugin: its 401 hook does not reach the public ones.
  await app.register(signedInCertificatesRoutes, { certificates });

  app.get(
    '/:id',
    {
      schema: {
        summary: 'Перевірити сертифікат за номером (без входу): імʼя, курс, хвиля, дата, чи відкликано',
        params,
        response: { 200: publicCertificateSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const answer = await certificates.verify(request.params.id, request.ip);
      // Verification pages are for the person checking, not for search engines.
      return reply.header('x-robots-tag', 'noindex').send(answer);
    },
  );

  app.get(
    '/:id/pdf',
    {
      schema: {
        summary: 'PDF сертифіката (без входу); відкликаний — 410',
        params,
        response: { 200: z.unknown().describe('application/pdf'), 410: errorSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const { id, bytes } = await certificates.pdf(request.params.id, request.ip);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="certificate-${id}.pdf"`)
        .header('x-robots-tag', 'noindex')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
};

const signedInCertificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  signedIn,
  { certificates },
) => {
  signedInRoutes(signedIn, { tags });
  signedIn.get(
    '/mine',
    {
      schema: {
        summary: 'Мої сертифікати і поступ до сертифіката в поточних хвилях',
        response: { 200: myCertificatesSchema, ...errors },
      },
    },
    async (request) => certificates.mine(request.user),
  );
};
