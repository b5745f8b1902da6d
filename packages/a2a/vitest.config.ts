import { sharedTestConfig } from '@aigo/config/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedTestConfig,
    // Starts PostgreSQL once for the run (DATABASE_URL or a scratch cluster) for the pg task store.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
