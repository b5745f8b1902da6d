import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig({
  // Starts the real PostgreSQL once for the run (DATABASE_URL or a scratch cluster) for the
  // ingestion suite on @aigo/vector-pg's exact mode; the pgvector suite runs on PGlite with
  // pgvector, started in its own file.
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
});
