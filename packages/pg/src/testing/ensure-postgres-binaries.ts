import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { type HeldFileLock, lockFile } from './file-lock.js';
import {
  type FindPostgresBinariesOptions,
  type FoundPostgresBinaries,
  findPostgresBinaries,
} from './find-postgres-binaries.js';
import { runCommand } from './run-command.js';

const APT_TIMEOUT_MS = 15 * 60_000;
/** How long a run waits for another one's install (its lock). */
const LOCK_WAIT_SECONDS = 900;

/** The Debian package of the server binaries (the distribution's supported major version). */
export const POSTGRES_DEBIAN_PACKAGE = 'postgresql';

/** Options of {@link ensurePostgresBinaries}. */
export interface EnsurePostgresBinariesOptions extends FindPostgresBinariesOptions {
  /**
   * Install the binaries when none are found (as root, with `apt-get`). Default: yes, unless the
   * environment sets `AIGO_PG_TEST_INSTALL=0`.
   */
  readonly install?: boolean;
  /** The `apt-get` to run. Default: `apt-get` found on `PATH`. */
  readonly aptGet?: string;
  /**
   * The lock file an install holds (`flock`, util-linux, on every Debian and Ubuntu) from its second
   * look for the binaries until apt-get has finished, so that the test runs of several packages
   * starting at once install once, and none uses binaries apt-get is still unpacking. Default
   * `aigo-pg-apt-get.lock` in the temporary directory.
   */
  readonly lockFile?: string;
  /** Whether this process is root. Default: `process.getuid() === 0`. */
  readonly isRoot?: boolean;
  /** Progress lines. Default: written to standard error. */
  readonly log?: (line: string) => void;
}

function onPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, program))) return join(dir, program);
  }
  return undefined;
}

/**
 * Finds the PostgreSQL server binaries (see `findPostgresBinaries`) and, when there are none,
 * installs them the way the project's CI does on a fresh Debian or Ubuntu machine: as root,
 * `apt-get install -y --no-install-recommends postgresql` (after `apt-get update` when the package
 * lists are empty or stale), non-interactive, waiting for the dpkg lock when another program holds
 * it. The package also creates the `postgres` user a root process runs the scratch cluster as.
 *
 * Test runs of several packages start at once (turbo), and each may find the binaries missing. An
 * install holds an exclusive `flock` on `lockFile` from its second look for the binaries until
 * apt-get has finished, so one process installs and the others find the binaries when they get the
 * lock. A process that finds binaries while the lock file exists takes the lock shared before using
 * them: binaries appear while apt-get is still unpacking and configuring (the `postgres` user, the
 * shared files), and a cluster started then fails.
 *
 * Not root, no `apt-get`, installing turned off, or the install failing: resolves to the reason, for
 * the caller to say (and fall back on something else, or fail).
 */
export async function ensurePostgresBinaries(
  options: EnsurePostgresBinariesOptions = {},
): Promise<FoundPostgresBinaries> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const flock = onPath('flock', env);
  const lockPath = options.lockFile ?? join(tmpdir(), 'aigo-pg-apt-get.lock');
  const found = findPostgresBinaries(options);
  if (found.binDir !== undefined) {
    // Binaries appear only after an installer created the lock file: no file, no install under way.
    if (flock === undefined || !existsSync(lockPath)) return found;
    return afterInstallUnderWay(found, { ...options, env, log, flock, lockPath });
  }
  const install = options.install ?? env.AIGO_PG_TEST_INSTALL !== '0';
  if (!install) {
    return { binDir: undefined, reason: `${found.reason}; installing them is turned off` };
  }
  const isRoot = options.isRoot ?? (typeof process.getuid === 'function' && process.getuid() === 0);
  const aptGet = options.aptGet ?? onPath('apt-get', env);
  if (!isRoot || aptGet === undefined) {
    return {
      binDir: undefined,
      reason: `${found.reason}; cannot install them (${isRoot ? 'no apt-get' : 'not root'}): install the Debian package ${POSTGRES_DEBIAN_PACKAGE} or set DATABASE_URL`,
    };
  }
  let lock: HeldFileLock | undefined;
  if (flock !== undefined) {
    try {
      lock = await lockOrWait(lockPath, { flock, shared: false, env, log });
    } catch (error) {
      return {
        binDir: undefined,
        reason: `${found.reason}; could not take the install lock ${lockPath}: ${(error as Error).message}`,
      };
    }
    if (lock === undefined) {
      return {
        binDir: undefined,
        reason: `${found.reason}; another process held the install lock ${lockPath} for ${LOCK_WAIT_SECONDS} s`,
      };
    }
  }
  try {
    const meanwhile = findPostgresBinaries(options);
    if (meanwhile.binDir !== undefined) {
      log(
        `[@aigo/pg] PostgreSQL server binaries installed by another process: ${meanwhile.binDir}`,
      );
      return meanwhile;
    }
    return await installWithAptGet(found.reason, aptGet, { ...options, env, log });
  } finally {
    lock?.release();
  }
}

/** Takes the lock at once, or says why it waits and waits (up to {@link LOCK_WAIT_SECONDS}). */
async function lockOrWait(
  lockPath: string,
  options: {
    readonly flock: string;
    readonly shared: boolean;
    readonly env: NodeJS.ProcessEnv;
    readonly log: (line: string) => void;
  },
): Promise<HeldFileLock | undefined> {
  const settings = { flock: options.flock, shared: options.shared, env: options.env };
  const now = await lockFile(lockPath, { ...settings, waitSeconds: 0 });
  if (now !== undefined) return now;
  options.log(
    `[@aigo/pg] another process is installing the PostgreSQL server binaries (lock ${lockPath}): waiting for it`,
  );
  return lockFile(lockPath, { ...settings, waitSeconds: LOCK_WAIT_SECONDS });
}

/** Binaries were found while an install may be under way: wait for it (shared lock), look again. */
async function afterInstallUnderWay(
  found: FoundPostgresBinaries,
  options: EnsurePostgresBinariesOptions & {
    readonly env: NodeJS.ProcessEnv;
    readonly log: (line: string) => void;
    readonly flock: string;
    readonly lockPath: string;
  },
): Promise<FoundPostgresBinaries> {
  let lock: HeldFileLock | undefined;
  try {
    lock = await lockOrWait(options.lockPath, { ...options, shared: true });
  } catch {
    // The lock is a precaution for the rare run racing an install; binaries there are binaries.
    return found;
  }
  if (lock === undefined) {
    return {
      binDir: undefined,
      reason: `PostgreSQL server binaries found, but another process has been installing them (lock ${options.lockPath}) for ${LOCK_WAIT_SECONDS} s`,
    };
  }
  lock.release();
  return findPostgresBinaries(options);
}

/** `apt-get install` (after `apt-get update` when that fails), then a look for the binaries. */
async function installWithAptGet(
  missing: string,
  aptGet: string,
  options: EnsurePostgresBinariesOptions & {
    readonly env: NodeJS.ProcessEnv;
    readonly log: (line: string) => void;
  },
): Promise<FoundPostgresBinaries> {
  const packages = [POSTGRES_DEBIAN_PACKAGE];
  const aptEnv = { ...options.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: readonly string[]) =>
    runCommand(aptGet, ['-o', 'DPkg::Lock::Timeout=600', ...args], {
      timeoutMs: APT_TIMEOUT_MS,
      env: aptEnv,
    });
  const installArgs = ['install', '-y', '-q', '--no-install-recommends', ...packages];
  options.log(`[@aigo/pg] ${missing}: installing ${packages.join(' ')} with apt-get (as root)`);
  try {
    try {
      await apt(installArgs);
    } catch {
      // A fresh machine has no package lists (or stale ones): fetch them, then try again.
      await apt(['update', '-q']);
      await apt(installArgs);
    }
  } catch (error) {
    return {
      binDir: undefined,
      reason: `${missing}; apt-get could not install ${packages.join(' ')}: ${(error as Error).message}`,
    };
  }
  const installed = findPostgresBinaries(options);
  if (installed.binDir === undefined) {
    return {
      binDir: undefined,
      reason: `apt-get installed ${packages.join(' ')}, yet ${installed.reason}`,
    };
  }
  options.log(`[@aigo/pg] PostgreSQL server binaries installed in ${installed.binDir}`);
  return installed;
}
