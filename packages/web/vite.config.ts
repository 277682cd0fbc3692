import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
 * The installable app: the manifest (/manifest.webmanifest, linked from index.html) and our own
 * service worker src/sw.ts, built to /sw.js with the list of files to precache. The page registers
 * it after `load` (app/main.tsx), so the first screen's bytes do not change.
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
  plugins: [react(), appRouter(), reactRouterTreeShaking(), installableApp],
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
      // Constants are written into the code that uses them, also where that costs a few bytes more
      // raw: gzip takes them better than the module-level names (-0.13 KB on /login).
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        // Everything the first screen needs in one chunk: one request and one gzip window.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
