import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig({
  // Starts PostgreSQL once for the run (DATABASE_URL, a scratch cluster, or PGlite) and stops it after.
  globalSetup: ['./test/global-setup.ts'],
  // Child processes and a database on a busy 2-core machine.
  testTimeout: 30_000,
  hookTimeout: 90_000,
});
