import { errorSchema } from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FilesService } from './service.js';

/** Types a browser may show in place; everything else is offered as a download. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|audio\/.+|application\/pdf)$/;

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Файл за підписаним посиланням (посилання видає API тим, кому запис доступний)',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ e: z.coerce.number().int(), s: z.string().max(100) }),
        response: { 200: z.unknown().describe('the file'), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { row, stream, expiresInMs } = await files.open(request.params.id, request.query.e, request.query.s);
      const disposition = INLINE.test(row.mime) ? 'inline' : 'attachment';
      const ascii = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return (
        reply
          .type(row.mime)
          .header('content-length', row.size)
          .header(
            'content-disposition',
            `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
          )
          // Kept by the browser no longer than the link itself lives.
          .header('cache-control', `private, max-age=${Math.max(0, Math.floor(expiresInMs / 1000))}`)
          .header('x-content-type-options', 'nosniff')
          .send(stream)
      );
    },
  );
};
