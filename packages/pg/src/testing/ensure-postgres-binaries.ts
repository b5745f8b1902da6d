import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import {
  type FindPostgresBinariesOptions,
  type FoundPostgresBinaries,
  findPostgresBinaries,
} from './find-postgres-binaries.js';
import { runCommand } from './run-command.js';

const APT_TIMEOUT_MS = 15 * 60_000;

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
   * The lock file that `flock` (util-linux, on every Debian) holds around each apt-get call, so that
   * test runs of several packages starting at once install one after the other (apt-get refuses to
   * run `update` while another does). Default `aigo-pg-apt-get.lock` in the temporary directory.
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
 * lists are empty or stale), non-interactive, one process at a time (`flock`), waiting for the dpkg
 * lock when another program holds it. The package also creates the `postgres` user a root process runs the scratch cluster as.
 *
 * Not root, no `apt-get`, installing turned off, or the install failing: resolves to the reason, for
 * the caller to say (and fall back on something else, or fail).
 */
export async function ensurePostgresBinaries(
  options: EnsurePostgresBinariesOptions = {},
): Promise<FoundPostgresBinaries> {
  const found = findPostgresBinaries(options);
  if (found.binDir !== undefined) return found;
  const env = options.env ?? process.env;
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
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const packages = [POSTGRES_DEBIAN_PACKAGE];
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const flock = onPath('flock', env);
  const lockFile = options.lockFile ?? join(tmpdir(), 'aigo-pg-apt-get.lock');
  const apt = (args: readonly string[]) => {
    const command = [aptGet, '-o', 'DPkg::Lock::Timeout=600', ...args];
    return flock === undefined
      ? runCommand(aptGet, command.slice(1), { timeoutMs: APT_TIMEOUT_MS, env: aptEnv })
      : runCommand(flock, ['-w', '900', lockFile, ...command], {
          timeoutMs: APT_TIMEOUT_MS,
          env: aptEnv,
        });
  };
  const installArgs = ['install', '-y', '-q', '--no-install-recommends', ...packages];
  log(`[@aigo/pg] ${found.reason}: installing ${packages.join(' ')} with apt-get (as root)`);
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
      reason: `${found.reason}; apt-get could not install ${packages.join(' ')}: ${(error as Error).message}`,
    };
  }
  const installed = findPostgresBinaries(options);
  if (installed.binDir === undefined) {
    return {
      binDir: undefined,
      reason: `apt-get installed ${packages.join(' ')}, yet ${installed.reason}`,
    };
  }
  log(`[@aigo/pg] PostgreSQL server binaries installed in ${installed.binDir}`);
  return installed;
}
