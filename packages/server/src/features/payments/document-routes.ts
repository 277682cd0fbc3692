import { errorSchema, receiptParamsSchema, statementParamsSchema, statementYearsSchema } from '@yedyni/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses as errors } from '../../infra/http/openapi.js';
import { signedInRoutes } from '../auth/index.js';
import type { PaymentDocuments } from './documents.js';

const pdf = z.unknown().describe('application/pdf');

/** A document downloaded, not cached: it is one person's, and a refund may take a receipt away. */
function sendPdf(reply: FastifyReply, file: { filename: string; bytes: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/** The signed-in payer's receipts and yearly statements (`/api/payments/…`). */
export const paymentDocumentRoutes: FastifyPluginAsyncZod<{ documents: PaymentDocuments }> = async (
  app,
  { documents },
) => {
  signedInRoutes(app, { tags: ['payments'] });

  app.get(
    '/donats/:id/receipt',
    {
      schema: {
        summary: 'Квитанція мого внеску (PDF); чужий — 404, повернений — 410',
        params: receiptParamsSchema,
        response: { 200: pdf, ...errors, 410: errorSchema },
      },
    },
    async (request, reply) => sendPdf(reply, await documents.receipt(request.user, request.params.id)),
  );

  app.get(
    '/statements',
    {
      schema: {
        summary: 'Роки, за які є мої внески (для «Довідки за рік»)',
        response: { 200: statementYearsSchema, ...errors },
      },
    },
    async (request) => documents.statementYears(request.user),
  );

  app.get(
    '/statements/:year',
    {
      schema: {
        summary: '«Довідка за рік» (PDF): усі мої внески за календарний рік за київським часом',
        params: statementParamsSchema,
        response: { 200: pdf, ...errors },
      },
    },
    async (request, reply) => sendPdf(reply, await documents.statement(request.user, request.params.year)),
  );
};
