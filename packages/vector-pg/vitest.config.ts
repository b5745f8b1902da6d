import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig({
  // Starts the real PostgreSQL once for the run (DATABASE_URL or a scratch cluster) for the exact
  // (plain-array) path; the pgvector path runs on PGlite with pgvector, started per test file.
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
});
