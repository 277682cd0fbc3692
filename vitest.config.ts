import { defineConfig } from 'vitest/config';

// `npm run test:unit`: contract, server (API over real HTTP) and web unit tests.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/server', 'packages/web'],
  },
});
