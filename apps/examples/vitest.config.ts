import { sharedTestConfig } from '@aigo/config/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedTestConfig,
    // The PostgreSQL postgres-memory.ts runs against (DATABASE_URL or a scratch cluster), started once.
    globalSetup: ['./test/global-setup.ts'],
    hookTimeout: 90_000,
  },
});
