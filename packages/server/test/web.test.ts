import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineHashes } from '../src/infra/http/web.js';
import { startTestApp, type TestApp } from './support/app.js';

// A web build as packages/web writes it: index.html, the prerendered login.html with its inline
// script and CSS, hashed assets, and brotli/gzip copies (scripts/compress.mjs).
const INLINE = 'try{document.getElementById("root").dataset.ok="1"}catch(e){}';
const CSS = 'h1{color:#1d3c6e}';
const INDEX =
  '<!doctype html><title>Єдині</title><script type="module" src="/assets/app-abc123.js"></script>' +
  '<link rel="stylesheet" href="/assets/app-abc123.css"><div id="root"></div>';
const LOGIN = INDEX.replace('<link rel="stylesheet" href="/assets/app-abc123.css">', `<style>${CSS}</style>`).replace(
  '<div id="root"></div>',
  `<div id="root"><h1>Вхід</h1></div><script>${INLINE}</script>`,
);
const SCRIPT = `console.log(${JSON.stringify('Єдині '.repeat(300))})`;
// The installable app's manifest and service worker (vite-plugin-pwa writes both at the root).
const MANIFEST = JSON.stringify({
  name: 'Єдині — переходимо на українську разом',
  short_name: 'Єдині',
  start_url: '/uk',
  display: 'standalone',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
  description: 'Курси української мови. '.repeat(40),
});
const WORKER = `self.addEventListener('fetch', () => {}); // ${'Єдині '.repeat(200)}`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'yedyni-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(path.join(webDist, 'login.html'), LOGIN);
  await writeFile(path.join(webDist, 'login.html.br'), brotliCompressSync(LOGIN));
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), SCRIPT);
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(webDist, 'manifest.webmanifest'), MANIFEST);
  await writeFile(path.join(webDist, 'manifest.webmanifest.br'), brotliCompressSync(MANIFEST));
  await writeFile(path.join(webDist, 'sw.js'), WORKER);
  t = await startTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

/** A GET with exactly these headers; the body as sent (not decompressed). */
function get(route: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${t.url}${route}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the web build', () => {
  it('hashes inline scripts and style sheets for the CSP, and only those', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineHashes(LOGIN)).toEqual({ scripts: [hash(INLINE)], styles: [hash(CSS)] });
    expect(inlineHashes(INDEX)).toEqual({ scripts: [], styles: [] });
  });

  it('answers /login with the prerendered page, its inline script and CSS allowed by hash, no more', async () => {
    const page = await get('/login');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toBe(LOGIN);
    const csp = String(page.headers['content-security-policy']);
    const sources = (directive: string) =>
      new RegExp(`(?:^|;)\\s*${directive}\\s([^;]*)`).exec(csp)?.[1]?.trim().split(/\s+/);
    const { scripts, styles } = inlineHashes(LOGIN);
    expect(sources('script-src')).toEqual(["'self'", ...scripts]);
    expect(sources('style-src-elem')).toEqual(["'self'", ...styles]);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('sends a login form posted before the app took over back to /login, reading nothing', async () => {
    const answer = await fetch(`${t.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=olena%40example.com&password=secret-123',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/login');
  });

  it('keeps the plain CSP and index.html everywhere else', async () => {
    for (const route of ['/', '/uk', '/register', '/login/extra']) {
      const page = await get(route);
      expect(page.status).toBe(200);
      expect(page.body.toString()).toBe(INDEX);
      expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self';/);
    }
  });

  it('sends the brotli or gzip copy the client accepts, and the plain file otherwise', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);

    const login = await get('/login', { 'accept-encoding': 'br' });
    expect(login.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(login.body).toString()).toBe(LOGIN);
  });

  it('serves the manifest as application/manifest+json, compressed or not, revalidated', async () => {
    for (const encoding of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const answer = await get('/manifest.webmanifest', encoding);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      const body = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body;
      expect(JSON.parse(body.toString())).toMatchObject({ short_name: 'Єдині', start_url: '/uk' });
    }
  });

  it('serves the service worker as JavaScript, revalidated so a new version is found', async () => {
    const answer = await get('/sw.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.toString()).toBe(WORKER);
  });

  it('answers a missing file of the build with 404, never with the app’s page', async () => {
    for (const route of ['/icons/missing.png', '/assets/gone-123.js', '/other.webmanifest']) {
      const answer = await get(route);
      expect(answer.status, route).toBe(404);
      expect(answer.headers['content-type'], route).toContain('application/json');
    }
  });
});

describe('index.html with an inline script (the signed-in addresses’ early start) and the entry’s CSS', () => {
  const EARLY = '(function(){window.__early={}})()';
  const WITH_SCRIPT = INDEX.replace('</title>', `</title><script data-early>${EARLY}</script>`).replace(
    '<link rel="stylesheet" href="/assets/app-abc123.css">',
    `<style>${CSS}</style>`,
  );
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'yedyni-web-early-'));
    await writeFile(path.join(dist, 'index.html'), WITH_SCRIPT);
    app = await startTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('allows the script and the style by their hashes on /, /index.html (the worker keeps that one) and every app address', async () => {
    const { scripts, styles } = inlineHashes(WITH_SCRIPT);
    const [hash] = scripts;
    expect(styles).toHaveLength(1);
    for (const route of ['/', '/index.html', '/index.html?__WB_REVISION__=1', '/uk', '/uk/learn/abc/3', '/register']) {
      const page = await fetch(`${app.url}${route}`);
      expect(page.status, route).toBe(200);
      expect(await page.text(), route).toBe(WITH_SCRIPT);
      const csp = String(page.headers.get('content-security-policy'));
      expect(/(?:^|;)\s*script-src\s([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/), route).toEqual(["'self'", hash]);
      expect(/(?:^|;)\s*style-src-elem\s([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/), route).toEqual([
        "'self'",
        ...styles,
      ]);
    }
  });
});
