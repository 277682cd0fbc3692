import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '../errors.js';

/** The page the web build prerenders for `/login` (packages/web/scripts/prerender.mjs). */
const LOGIN_PAGE = 'login.html';

/**
 * A request for a file of the build (a script, a style sheet, an icon, the manifest). One that is
 * not there is a 404: the app's page in its place would be taken for that file (a browser parses
 * HTML as the manifest, the service worker would keep it as a script).
 */
const BUILD_FILE = /\.(?:js|mjs|css|map|png|svg|ico|webmanifest|json|txt|woff2?)$/;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * `'sha256-…'` CSP sources of an HTML page's inline scripts (`<script>` without `src`) and inline
 * style sheets (`<style>`).
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const bodies = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => sha256(match[1] ?? ''));
  return {
    scripts: bodies(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi),
    styles: bodies(/<style[^>]*>([\s\S]*?)<\/style>/gi),
  };
}

/**
 * The answer's CSP (set on every request, infra/http/security.ts) with these inline scripts and
 * style sheets allowed by hash: script-src gets the script hashes; style sheets get a
 * style-src-elem of their own (`'self'` and the hashes), so style-src's 'unsafe-inline' keeps
 * covering style attributes only.
 */
function allowInline(reply: FastifyReply, { scripts, styles }: { scripts: string[]; styles: string[] }): void {
  let policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  if (scripts.length > 0) {
    policy = policy.replace(/(^|;)(\s*script-src)([^;]*)/, (_all, start, directive, sources) => {
      return `${start}${directive}${sources} ${scripts.join(' ')}`;
    });
  }
  if (styles.length > 0) policy = `${policy};style-src-elem 'self' ${styles.join(' ')}`;
  reply.header('content-security-policy', policy);
}

/**
 * Serves the built web app from the API's port: hashed assets cached for a year, everything
 * else revalidated (the service worker and the manifest too, so a new version is found), and any
 * non-/api path the app's router owns answered with index.html (a missing file is a 404); /login
 * with the prerendered login page when the build has one. Files go out brotli- or gzip-compressed
 * when the build wrote compressed copies next to them (packages/web/scripts/compress.mjs).
 */
export const webApp = fp(async (app: FastifyInstance, { webDist }: { webDist: string }) => {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      preCompressed: true,
      // Ours below, for every file: send's own default would replace it.
      cacheControl: false,
      // The raw response: headers set here stay unless send sets the same one (it sets the type,
      // which for the manifest is application/manifest+json, as the install criteria ask; tested).
      setHeaders(response, filePath) {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Compressed copies may be chosen by the request's accept-encoding; caches must know.
        response.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web build not found: only the API is served (run npm run build)');
  }

  const loginPage = path.join(webDist, LOGIN_PAGE);
  if (hasWeb && existsSync(loginPage)) {
    // Its inline script (a stored session swaps the form for the restoring status; the app's
    // script is requested after the first paint) and its inline CSS are allowed by their hashes,
    // taken from the file the server sends.
    const hashes = inlineHashes(readFileSync(loginPage, 'utf8'));
    app.get('/login', { schema: { hide: true } }, (_request, reply) => {
      allowInline(reply, hashes);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(LOGIN_PAGE);
    });
    // The form posted by the browser itself, sent before the app took over the page: nothing in
    // it is read; the visitor is back on the login page.
    app.post('/login', { schema: { hide: true } }, (_request, reply) => reply.redirect('/login', 303));
  }

  // index.html's inline script (signed in on a /uk address, it asks for the screen's chunks and
  // data before the app's script has arrived: packages/web/vite.config.ts, signedInHead) is
  // allowed by its hash wherever the page is sent: `/` and `/index.html` here (the service worker
  // precaches the latter and serves it offline with the headers it came with), every app address
  // below.
  const indexHashes = hasWeb
    ? inlineHashes(readFileSync(path.join(webDist, 'index.html'), 'utf8'))
    : { scripts: [], styles: [] };
  const sendIndex = (reply: FastifyReply) => {
    allowInline(reply, indexHashes);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  };
  if (hasWeb) {
    for (const route of ['/', '/index.html'])
      app.get(route, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    // An API call or a course media file that is not there is a 404, never the app's page.
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/media/');
    const isFile = BUILD_FILE.test(request.url.split('?')[0] ?? '');
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // A certificate's check page names a person: for whoever holds the paper, not for search engines.
      if (request.url.startsWith('/certificates/')) reply.header('x-robots-tag', 'noindex');
      return sendIndex(reply);
    }
    return reply.code(404).send({ message: GENERIC_MESSAGES[404] });
  });
});
