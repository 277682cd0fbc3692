import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** HSTS as helmet would send it: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

export const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * CSP without inline scripts, nosniff and no framing, on every answer (SECURITY.md). The headers are
 * worked out once: @fastify/helmet built them anew for every request, some 5 % of the server's
 * time under load (bench/README.md).
 *
 * HSTS only on an answer to a request that came over https (directly, or through a proxy
 * TRUST_PROXY believes): over plain http it means nothing, and sent from a development server on
 * localhost it would pin the browser to https for every port of that host.
 *
 * API answers are never stored by the browser or a shared cache (`no-store`): they carry a
 * person's data, and errors too. A route that serves a non-JSON file with its own caching rule
 * (a signed file link) keeps it; the web app and its assets are served by web.ts with theirs.
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
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request.url)) {
      const json = String(reply.getHeader('content-type') ?? '').includes('json');
      if (json || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
