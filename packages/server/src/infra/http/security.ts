import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * CSP without inline scripts, nosniff and no framing, on every answer (API.md). The headers are
 * worked out once: @fastify/helmet built them anew for every request, some 5 % of the server's
 * time under load (bench/README.md).
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style attributes only (the OpenAPI browser sets some); style sheets come from 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Lesson authors may link images and audio from other https hosts, and embed videos.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // The donation form posts to the provider's checkout.
        formAction: ["'self'", 'https://www.liqpay.ua'],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
});
