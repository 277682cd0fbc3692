#!/usr/bin/env node
// Writes dist/login.html: dist/index.html with the login screen rendered into #root by the real
// app (src/app/prerender.tsx, built here for Node with the same Vite config, so CSS-module class
// names match the browser build). The server sends it for /login (packages/server/src/infra/http/
// web.ts); the browser paints the screen from the HTML and the app hydrates it (src/app/main.tsx).
//
// The entry's CSS is in index.html's <style> already (vite.config.ts, quietHead), so the first
// paint needs nothing but the HTML.
//
// A visitor with a stored session must not see the login form while it is restored: a small
// inline script, right after #root, swaps the markup for the app's «Оновлення користувача...»
// status before the first paint. The same script requests the app's entry chunk after the first
// paint. The server allows exactly that script and that style by their hashes in the CSP.
// Usage: node scripts/prerender.mjs [distDir]   (after `vite build`)
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(webRoot, 'dist');
/** The key redux-persist keeps the token under (src/app/store.ts: key `auth`). */
const PERSIST_KEY = 'persist:auth';
const ROOT = '<div id="root"></div>';

/** A first visit: an empty localStorage for the store's persistence while rendering. */
function emptyLocalStorage() {
  const items = new Map();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}

/** JSON for inside a <script>: no `</script>`, `<!--` or line separators can end it early. */
const scriptJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The inline script of login.html, run in the browser as the page is parsed (it is written out
 * with Function#toString, so only what a browser has may appear in it):
 * - a stored token swaps the prerendered screen for the restoring status, and drops the marker;
 * - a form sent before the app has taken over waits for it (src/app/main.tsx sends it again);
 * - the app's script is requested once the page has been painted, so the first paint does not
 *   share the network with it (a hidden tab has no paint to wait for).
 */
function boot(persistKey, restoring, entry) {
  const root = document.getElementById('root');
  try {
    const token = JSON.parse(localStorage.getItem(persistKey) || '{}').token;
    if (token && token !== 'null') {
      root.removeAttribute('data-prerendered');
      root.innerHTML = restoring;
    }
  } catch {
    // No storage: no session either.
  }
  document.addEventListener(
    'submit',
    (event) => {
      if (!root.hasAttribute('data-prerendered')) return;
      event.preventDefault();
      root.pendingForm = event.target;
    },
    true,
  );
  const load = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  };
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(load, 0));
  else load();
}

const inlineScript = (restoring, entry) => `(${boot})(${[PERSIST_KEY, restoring, entry].map(scriptJson).join(',')})`;

async function renderLogin() {
  // Inside the package (git ignores node_modules/), so Node finds react and react-dom from there.
  const cache = path.join(webRoot, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const outDir = await mkdtemp(path.join(cache, 'prerender-'));
  try {
    await build({
      root: webRoot,
      logLevel: 'warn',
      build: {
        ssr: 'src/app/prerender.tsx',
        outDir,
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        minify: false,
        rolldownOptions: { output: { codeSplitting: true } },
      },
    });
    globalThis.localStorage = emptyLocalStorage();
    const { prerender } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
    return await prerender('/login');
  } finally {
    delete globalThis.localStorage;
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The entry's CSS, which the build writes into index.html (vite.config.ts, quietHead). */
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/;

/** Every class in the markup must exist in the browser build's CSS, or the two builds disagree. */
function assertClassesExist(markup, css) {
  const classes = new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean));
  const missing = [...classes].filter((name) => !css.includes(`.${name}`));
  if (missing.length > 0)
    throw new Error(`prerender: classes missing from the CSS of ${distDir}: ${missing.join(', ')}`);
}

const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
if (!indexHtml.includes(ROOT)) throw new Error(`prerender: ${ROOT} not found in dist/index.html`);
const css = INLINE_STYLE.exec(indexHtml)?.[1];
if (!css) throw new Error('prerender: no inline <style> in dist/index.html');
const { restoring, screen } = await renderLogin();
if (!screen.includes('<h1>')) throw new Error('prerender: the login screen has no heading');
assertClassesExist(screen + restoring, css);

// The app's entry script, which index.html's head script loads (build/pageScripts.ts, earlyStart: its
// `entry`); login.html requests it from its own inline script instead (inlineScript).
const ENTRY = /<script data-early>[\s\S]*?"entry":"([^"]+\.js)"/;
const entryFile = ENTRY.exec(indexHtml)?.[1];
if (!entryFile) throw new Error("prerender: the entry script not found in dist/index.html's head script");
const entry = `/${entryFile}`;
// index.html's scripts for signed-in addresses (vite.config.ts, signedInHead: in the head and after
// #root): not for /login.
const EARLY_SCRIPT = /\n?\s*<script data-early>[\s\S]*?<\/script>/g;
const loginHtml = indexHtml
  .replace(EARLY_SCRIPT, '')
  .replace(
    ROOT,
    `<div id="root" data-prerendered="/login">${screen}</div><script>${inlineScript(restoring, entry)}</script>`,
  );
await writeFile(path.join(distDir, 'login.html'), loginHtml);
console.log(
  `prerender: dist/login.html (${(Buffer.byteLength(screen) / 1024).toFixed(1)} KB of markup, ` +
    `${(Buffer.byteLength(css) / 1024).toFixed(1)} KB of CSS inline)`,
);
