/** The PostgreSQL a test run uses (what the global setup hands every test file). */
export interface TestDatabase {
  /** A connection string (trust authentication on a scratch cluster). */
  readonly url: string;
  /**
   * `external`: `DATABASE_URL`; `scratch`: a cluster this run started (and deletes); `fallback`:
   * what the package's `fallback` started (PGlite, say) when no server could be had.
   */
  readonly kind: 'external' | 'scratch' | 'fallback';
  /** Shown in the test output (host and port, never a password). */
  readonly description: string;
  /** Why this is not a real PostgreSQL server (tests that need one cannot run); undefined on one. */
  readonly notRealReason: string | undefined;
}

/** A started database and how to stop it. */
export interface StartedTestDatabase {
  readonly database: TestDatabase;
  /** Stops what the run started (nothing for `DATABASE_URL`). */
  stop(): Promise<void>;
}

/** The key under which the global setup provides the {@link TestDatabase} to test files. */
export const TEST_DATABASE_KEY = 'aigoPgTestDatabase';
