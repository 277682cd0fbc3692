import type { IncomingMessage } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApi } from './security.js';

/** What a socket from a host that is neither ours nor listed in CORS_ORIGINS is told. */
export const FOREIGN_ORIGIN = 'Застосунок із цієї адреси не має доступу до сервера';

/**
 * Web apps on other hosts (CORS_ORIGINS) may call the API. A listed origin gets its pre-flight
 * answered and `Access-Control-Allow-Origin` on every answer; any other origin gets no CORS header
 * at all, and its pre-flight a 404, so the browser refuses the call. Same-origin requests need none
 * of this. The token travels in `Authorization` (no cookies), so credentials are not allowed.
 */
export const crossOrigin = fp(async (app: FastifyInstance, options: { origins: string[] }) => {
  if (options.origins.length === 0) return;
  const listed = new Set(options.origins);
  await app.register(cors, {
    delegator: (request, done) => {
      const origin = request.headers.origin;
      done(null, {
        origin: origin !== undefined && listed.has(origin) && isApi(request.url) ? origin : false,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
        // Downloads name their file; a busy server says when to come back.
        exposedHeaders: ['Content-Disposition', 'Retry-After'],
        credentials: false,
        maxAge: 600,
      });
    },
  });
});

/**
 * Socket.IO's `allowRequest`: the same origins as the API, plus the server's own. A browser
 * always sends `Origin` on a WebSocket handshake and no page can forge it, so a page from any
 * other host is refused before the token is looked at. Same origin is the request's own host
 * (as the dev server's proxy keeps it) or PUBLIC_URL's; a client with no `Origin` is no browser.
 */
export function socketOriginCheck(
  origins: string[],
  publicUrl: string,
): (request: IncomingMessage, done: (error: string | null | undefined, success: boolean) => void) => void {
  const allowed = new Set([...origins, new URL(publicUrl).origin]);
  return (request, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin) || sameHost(origin, request.headers.host)) done(null, true);
    else done(FOREIGN_ORIGIN, false);
  };
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
