import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:e2e` (from the repository root): builds server and web, then drives the built app
// in Debian's Chromium. One file at a time: each file starts its own server and browser.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    // A test that checks seven screens with axe runs it fourteen times (light and dark themes).
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default'],
  },
});
