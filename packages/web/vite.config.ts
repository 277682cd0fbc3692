import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { type EarlyFiles, earlyStart, lastScreenFirst } from './build/pageScripts.ts';
import { withoutPreloadOf } from './build/preloadList.ts';
import { kyivDay, LAST_SCREEN_ITEM, sessionMark } from './src/shared/lib/lastScreen.ts';

const require = createRequire(import.meta.url);
// react-router's "exports" only expose the development build; its production build is smaller.
const reactRouterRoot = path.resolve(path.dirname(require.resolve('react-router')), '../..');
const reactRouterProduction = path.join(reactRouterRoot, 'dist/production/index.mjs');
const routerModule = fileURLToPath(new URL('src/shared/lib/router.tsx', import.meta.url));
// socket.io-client's own single-file ESM build: bundling its modules instead makes the lazy chunk
// need a namespace helper from the bundler runtime, which then leaves the first-screen chunk as a
// chunk of its own (+0.27 KB gzip on /login). Types still come from the package.
const socketIoBundle = path.join(
  path.dirname(require.resolve('socket.io-client/package.json')),
  'dist/socket.io.esm.min.js',
);

/**
 * react-router's production build is one module that creates its contexts and components at the top
 * level (`React.createContext(…)`, `React.forwardRef(…)`, `React.memo(…)`) without a pure
 * annotation, and names them afterwards (`Link.displayName = "Link"`). Both count as side effects,
 * so nothing of it could be tree-shaken: data routers, forms, prefetching and the framework mode
 * all shipped with /login. Those calls are pure and the names are only for developer tools.
 */
function reactRouterTreeShaking(): Plugin {
  const productionBuild = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
  return {
    name: 'yedyni:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: productionBuild },
      handler(code) {
        const annotated = code
          .replace(/\b(React\d*)\.(createContext|forwardRef|memo)\(/g, '/* @__PURE__ */ $1.$2(')
          .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";$/gm, '');
        return { code: annotated, map: null };
      },
    },
  };
}

/**
 * Every `import … from 'react-router'` of the app gets src/shared/lib/router.tsx: the library with
 * Link and NavLink built on its hooks (why: that file). Only that module imports the library
 * itself: its production build, or with `production: false` (the tests) the package's default.
 */
export function appRouter({ production = true } = {}): Plugin {
  return {
    name: 'yedyni:app-router',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-router') return null;
      if (importer?.split('?')[0] !== routerModule) return routerModule;
      return production ? reactRouterProduction : null;
    },
  };
}

/**
 * The installable app: the manifest (/manifest.webmanifest) and our own service worker src/sw.ts,
 * built to /sw.js with the list of files to precache. The signed-in frame links the one and
 * registers the other at the first idle moment after `load` (shared/lib/serviceWorker.ts), so
 * neither weighs on the first screen.
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: {
    name: 'Єдині — переходимо на українську разом',
    short_name: 'Єдині',
    description: 'Курси української мови, домашні завдання з кураторами, щоденник і розмовні клуби.',
    lang: 'uk',
    dir: 'ltr',
    start_url: '/uk',
    scope: '/',
    display: 'standalone',
    background_color: '#faf7f0',
    theme_color: '#1d3c6e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The app shell: scripts, styles, the page and the icons. The prerendered login.html is written
    // after this build (scripts/prerender.mjs) and is fetched from the server while online.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    globIgnores: ['sw.js', '.vite/**'],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
});

/**
 * index.html gets earlyStart with the file names of this build: the chunks of the `signed-in` and
 * `lesson` groups (below) with the chunks and CSS they import, the entry's left out, and every
 * style sheet; and lastScreenFirst right after #root. The server allows both inline scripts by
 * their hashes (infra/http/web.ts).
 */
function signedInHead(): Plugin {
  const ROOT = '<div id="root"></div>';
  /** The entry's tag as vite writes it; earlyStart loads the entry instead. */
  const ENTRY_SCRIPT = /\n?\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
  return {
    name: 'yedyni:signed-in-head',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        if (!html.includes(ROOT)) throw new Error(`signedInHead: no ${ROOT} in index.html`);
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const filesOf = (name: string, seen = new Set<string>()): string[] => {
          const chunk = chunks.find((output) => output.name === name || output.fileName === name);
          if (!chunk) throw new Error(`signedInHead: no chunk ${name}`);
          if (chunk.isEntry || seen.has(chunk.fileName)) return [];
          seen.add(chunk.fileName);
          return [
            chunk.fileName,
            ...(chunk.viteMetadata?.importedCss ?? []),
            ...chunk.imports.flatMap((file) => filesOf(file, seen)),
          ];
        };
        const frame = filesOf('signed-in');
        const css = Object.keys(bundle).filter((file) => file.endsWith('.css') && !ENTRY_CSS.test(file));
        const entryTag = ENTRY_SCRIPT.exec(html);
        if (!entryTag?.[1]) throw new Error('signedInHead: the entry <script type="module"> is not in index.html');
        const files: EarlyFiles = {
          entry: entryTag[1],
          frame,
          lesson: filesOf('lesson').filter((file) => !frame.includes(file)),
          css,
          lastScreen: LAST_SCREEN_ITEM,
        };
        const script = `(${earlyStart.toString()})(${JSON.stringify(files)}, ${sessionMark.toString()}, ${kyivDay.toString()})`;
        return html
          .replace(entryTag[0], '')
          .replace('</head>', `  <script data-early>${script}</script>\n  </head>`)
          .replace(
            ROOT,
            `${ROOT}\n    <script data-early>(${lastScreenFirst.toString()})(${JSON.stringify(LAST_SCREEN_ITEM)})</script>`,
          );
      },
    },
  };
}

/**
 * Three requests fewer before a screen paints (issue 23 counts them): the entry's style sheet (the
 * tokens and base styles every screen needs, 2–3 KB compressed) and the favicon (an SVG of 0.4 KB)
 * are written into the page, and the manifest (which makes Chromium fetch an install icon too) is
 * linked by shared/lib/serviceWorker.ts at the first idle moment after the page has loaded, with
 * the worker that installing needs as well. The server allows the <style> by its hash
 * (infra/http/web.ts); the prerendered login.html keeps it (scripts/prerender.mjs).
 */
/** The entry's style sheet, which quietHead writes into the page. */
const ENTRY_CSS = /^assets\/index-[\w-]+\.css$/;

function quietHead(): Plugin {
  const favicon = fileURLToPath(new URL('public/favicon.svg', import.meta.url));
  const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/;
  return {
    name: 'yedyni:quiet-head',
    apply: 'build',
    // After vite-plugin-pwa's own (a `post` plugin too), which writes the manifest's link.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const sheet = STYLESHEET.exec(html)?.[1];
        const asset = sheet ? context.bundle?.[sheet] : undefined;
        if (!sheet || asset?.type !== 'asset') throw new Error('quietHead: the entry style sheet is not in the bundle');
        const css = String(asset.source);
        if (/<\/style/i.test(css)) throw new Error('quietHead: the entry CSS cannot be inlined');
        const svg = readFileSync(favicon, 'utf8').trim();
        const quiet = html
          .replace(STYLESHEET, () => `<style>${css}</style>`)
          .replace('href="/favicon.svg"', `href="data:image/svg+xml,${encodeURIComponent(svg)}"`)
          .replace(/\s*<link rel="manifest"[^>]*>/, '');
        if (quiet.includes('/favicon.svg') || quiet.includes('rel="manifest"'))
          throw new Error('quietHead: the favicon or the manifest link was not moved');
        return quiet;
      },
    },
    // A lazy chunk lists the entry's CSS among what it needs (vite's preload helper loads each
    // listed file that has no <link> in the page); in the page as a <style>, it would be fetched
    // again. Out of every chunk's list, after vite has written the lists.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = withoutPreloadOf(chunk.code, ENTRY_CSS);
          if (/assets\/index-[\w-]+\.css/.test(chunk.code))
            throw new Error(`quietHead: ${chunk.fileName} still names the entry's CSS`);
        }
      },
    },
  };
}

/** What /uk needs before it paints: its route, home, and the learning slices home's plan uses. */
const SIGNED_IN_FIRST_SCREEN =
  /src[\\/](app[\\/](SignedInRoutes|learning|TodayScreen)\.tsx?|features[\\/]home[\\/]components[\\/]HomePage\.tsx)$/;
/** A lesson opened by its address: the course screen, the lesson and its sections' tabs. */
const LESSON_SCREEN =
  /src[\\/](app[\\/]CourseScreen|features[\\/]courses[\\/]components[\\/](LessonPage|LessonSections))\.tsx$/;
/** The registration's page, which signed-in screens share zod and the contract's schemas with. */
const ACCOUNT_SCREEN = /src[\\/]features[\\/]auth[\\/]components[\\/]AccountPages\.tsx$/;

/**
 * What the registration's chunk shares with signed-in screens, in chunks of their own, or those
 * screens would load `account`, and zod with it, for a Kyiv date or a text field: the contract's
 * dates and constants (home, a lesson), which are script alone, and the form fields (the course
 * page's curator tools and the forms further in), which bring a style sheet: apart, /uk and a
 * lesson ask for one file fewer.
 */
const DATES_SHARED_WITH_ACCOUNT = /contract[\\/]src[\\/](dates|constants)\.ts$/;
const FIELDS_SHARED_WITH_ACCOUNT = /src[\\/]shared[\\/]ui[\\/](TextField|FieldErrors)\.tsx$/;

const moduleOfTag = new Map<string, string>();

/**
 * A CSS module's class is its own name plus a short tag of its file («field_VSje»): without the
 * default's leading «_» and trailing line number, the class names in the CSS and in the scripts
 * that use them cost 0.12 KB less gzip on /login (the budget), which pays for the dark palette.
 * The name stays readable (and e2e may match it, as `[class*="prose"]`); two files with the
 * same tag stop the build rather than share classes.
 */
function scopedClassName(name: string, filename: string): string {
  const file = path.relative(import.meta.dirname, filename);
  const tag = createHash('sha1').update(file).digest('base64url').slice(0, 4);
  const owner = moduleOfTag.get(tag) ?? file;
  if (owner !== file) throw new Error(`CSS modules ${owner} and ${file} got the same class tag "${tag}"`);
  moduleOfTag.set(tag, file);
  return `${name}_${tag}`;
}

export default defineConfig({
  plugins: [react(), appRouter(), reactRouterTreeShaking(), installableApp, signedInHead(), quietHead()],
  resolve: {
    // The contract package is consumed as TypeScript source.
    conditions: ['@yedyni/source', ...defaultClientConditions],
    alias: [{ find: /^socket\.io-client$/, replacement: socketIoBundle }],
  },
  css: { modules: { generateScopedName: scopedClassName } },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A zod schema built at a module's top level (`z.object(…)`) is a call the bundler must keep
      // unless told it is pure, and with one kept every screen importing a constant from that
      // contract module loaded zod (32 KB gzip on /uk and a lesson). Taken for pure, schemas no code
      // calls leave the chunk. A `z.…` call made for its effect would be dropped with them:
      // packages/contract/src/pure-schemas.test.ts fails on one. `liberal` (the contract's
      // schema for other spellings of a value) only wraps a zod call.
      treeshake: { manualPureFunctions: ['z', 'liberal'] },
      // Constants are written into the code that uses them, also where that costs a few bytes more
      // raw: gzip takes them better than the module-level names (-0.13 KB on /login).
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        // Everything the first screen needs in one chunk: one request and one gzip window.
        // Every module of a group goes into one chunk with what it imports (and is not taken by a
        // group of higher priority): /uk loaded 37 files in waves (chunk, its chunks, …) before it
        // could paint, a lesson 43. `app` is everything /login loads, so nothing moves out of it
        // (the /login budget); `account` keeps /register off the signed-in chunk it would
        // otherwise share zod and the contract's schemas through. The price: every signed-in
        // screen loads home's code (in `signed-in`), and screens sharing a UI piece with the lesson
        // (a tab strip, the prose styles) load the lesson's chunk.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 4 },
            { name: 'dates', test: DATES_SHARED_WITH_ACCOUNT, priority: 3 },
            { name: 'fields', test: FIELDS_SHARED_WITH_ACCOUNT, priority: 3 },
            { name: 'account', test: ACCOUNT_SCREEN, priority: 2 },
            { name: 'signed-in', test: SIGNED_IN_FIRST_SCREEN, priority: 1 },
            { name: 'lesson', test: LESSON_SCREEN },
          ],
        },
        // The first screen names every lazy chunk it may load (its preload map): seven characters of
        // hash instead of eight are plenty to bust caches, and are bytes /login carries no more.
        chunkFileNames: 'assets/[name]-[hash:7].js',
      },
    },
  },
});
