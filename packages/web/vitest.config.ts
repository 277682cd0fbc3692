import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { appRouter } from './vite.config.ts';

export default defineConfig({
  // The app's react-router (Link and NavLink of src/shared/lib/router.tsx), as in the build.
  plugins: [react(), appRouter({ production: false })],
  resolve: { conditions: ['@yedyni/source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Above the 10 s of findBy/waitFor (src/test/setup.ts), so a slow cold start is not a timeout.
    testTimeout: 20_000,
  },
});
