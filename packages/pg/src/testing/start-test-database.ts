import type { StartedTestDatabase } from './database.js';
import {
  type EnsurePostgresBinariesOptions,
  ensurePostgresBinaries,
} from './ensure-postgres-binaries.js';
import { startScratchPostgres } from './start-scratch-postgres.js';

/**
 * Options of {@link startTestDatabase}; those of `ensurePostgresBinaries` (`env`, `install`, …) say
 * how the server binaries are found and installed.
 */
export interface StartTestDatabaseOptions extends EnsurePostgresBinariesOptions {
  /**
   * What to start when there is neither `DATABASE_URL` nor a way to get the server binaries (PGlite
   * over a socket, say); its database's `kind` should be `fallback`, with `notRealReason` set.
   * Without one, that case throws with the reason.
   */
  readonly fallback?: (reason: string) => Promise<StartedTestDatabase>;
  /** Use the fallback even with the binaries there, for this reason (to try the fallback path). */
  readonly forceFallback?: string | undefined;
  /**
   * The run must use a real PostgreSQL server: the `fallback` is never used (not even forced), and
   * when there is no server the run fails with the reason. Default: when the environment says CI
   * (`CI` set to anything but `''`, `0` or `false`) — a CI run that quietly tested less than it
   * should is worse than one that fails.
   */
  readonly requireRealServer?: boolean;
}

/** Whether `env` says this is a CI run: `CI` set to anything but `''`, `0` or `false`. */
function isCiEnvironment(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    // A keyword/value connection string: pg reads it; the output just does not name the host.
    return 'not a URL';
  }
}

/**
 * The PostgreSQL for a test run, in this order:
 * 1. `DATABASE_URL` set: that server (tests work in schemas of their own and drop them);
 * 2. a scratch cluster (`startScratchPostgres({ fast: true })`) from the server binaries, which are
 *    installed first when missing and possible (`ensurePostgresBinaries`: root and apt-get);
 * 3. the `fallback`, with the reason there was no server — unless a real server is required
 *    (`requireRealServer`, by default under CI).
 *
 * @throws Error when none of them can be had (the reason says what to install or set).
 */
export async function startTestDatabase(
  options: StartTestDatabaseOptions = {},
): Promise<StartedTestDatabase> {
  const env = options.env ?? process.env;
  const url = env.DATABASE_URL;
  if (url !== undefined && url !== '') {
    return {
      database: {
        url,
        kind: 'external',
        description: `DATABASE_URL (${hostOf(url)})`,
        notRealReason: undefined,
      },
      stop: async () => undefined,
    };
  }
  const realRequired = options.requireRealServer ?? isCiEnvironment(env);
  const noFallback = realRequired
    ? `; the tests need a real server here (${options.requireRealServer === undefined ? `CI=${env.CI}` : 'requireRealServer'}), so the fallback is not used`
    : '';
  if (options.forceFallback !== undefined && options.fallback !== undefined) {
    if (realRequired) {
      throw new Error(
        `No PostgreSQL for the tests: the fallback was forced (${options.forceFallback})${noFallback}`,
      );
    }
    return options.fallback(options.forceFallback);
  }
  const found = await ensurePostgresBinaries(options);
  if (found.binDir === undefined) {
    if (options.fallback !== undefined && !realRequired) return options.fallback(found.reason);
    throw new Error(
      `No PostgreSQL for the tests: ${found.reason}${options.fallback === undefined ? '' : noFallback}`,
    );
  }
  const cluster = await startScratchPostgres({ fast: true, binDir: found.binDir });
  return {
    database: {
      url: cluster.url,
      kind: 'scratch',
      description: `scratch cluster (${cluster.version}, ${cluster.binDir}) on 127.0.0.1:${cluster.port}, deleted after the run`,
      notRealReason: undefined,
    },
    stop: () => cluster.stop(),
  };
}
