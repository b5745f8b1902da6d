import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig({
  // Starts PostgreSQL once for the run (DATABASE_URL or a scratch cluster) and stops it after.
  globalSetup: ['./test/global-setup.ts'],
  // Worker processes, lapsed leases (pg-boss's heartbeat is at least 10 s) and a database on a
  // busy 2-core machine.
  testTimeout: 240_000,
  hookTimeout: 120_000,
});
