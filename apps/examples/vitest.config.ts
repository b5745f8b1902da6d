import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig({
  // The PostgreSQL postgres-memory.ts runs against (DATABASE_URL or a scratch cluster), started once.
  globalSetup: ['./test/global-setup.ts'],
  hookTimeout: 90_000,
});
