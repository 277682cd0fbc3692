import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '../errors.js';

/**
 * Serves the built web app from the API's port: hashed assets cached for a year, everything
 * else revalidated, and any non-/api path the app's router owns answered with index.html.
 */
export const webApp = fp(async (app: FastifyInstance, { webDist }: { webDist: string }) => {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web build not found: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ message: GENERIC_MESSAGES[404] });
  });
});
