import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig({
  // Starts PostgreSQL once for the run (DATABASE_URL or a scratch cluster) for the pg task store.
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 90_000,
});
