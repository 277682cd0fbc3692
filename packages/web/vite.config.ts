import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const require = createRequire(import.meta.url);
// react-router's "exports" only expose the development build; its production build is smaller.
const reactRouterRoot = path.resolve(path.dirname(require.resolve('react-router')), '../..');

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The contract package is consumed as TypeScript source.
    conditions: ['@yedyni/source', ...defaultClientConditions],
    alias: [{ find: /^react-router$/, replacement: path.join(reactRouterRoot, 'dist/production/index.mjs') }],
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
