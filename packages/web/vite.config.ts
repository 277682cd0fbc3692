import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const require = createRequire(import.meta.url);
// react-router's "exports" only expose the development build; its production build is smaller.
const reactRouterRoot = path.resolve(path.dirname(require.resolve('react-router')), '../..');
// socket.io-client's own single-file ESM build: bundling its modules instead makes the lazy chunk
// need a namespace helper from the bundler runtime, which then leaves the first-screen chunk as a
// chunk of its own (+0.27 KB gzip on /login). Types still come from the package.
const socketIoBundle = path.join(
  path.dirname(require.resolve('socket.io-client/package.json')),
  'dist/socket.io.esm.min.js',
);

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The contract package is consumed as TypeScript source.
    conditions: ['@yedyni/source', ...defaultClientConditions],
    alias: [
      { find: /^react-router$/, replacement: path.join(reactRouterRoot, 'dist/production/index.mjs') },
      { find: /^socket\.io-client$/, replacement: socketIoBundle },
    ],
  },
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
      output: {
        // Everything the first screen needs in one chunk: one request and one gzip window.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
