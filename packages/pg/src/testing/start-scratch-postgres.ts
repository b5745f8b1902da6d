import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '@aigo/ai';
import { findPostgresBinaries } from './find-postgres-binaries.js';
import { findRunuser, postgresUser, searchableBy, type UserIds } from './postgres-user.js';
import { runCommand } from './run-command.js';

const COMMAND_TIMEOUT_MS = 60_000;

/** A running scratch cluster. */
export interface ScratchPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Where the server binaries were found. */
  readonly binDir: string;
  /** `postgres --version`. */
  readonly version: string;
  /** The temporary directory (data, log, socket), deleted by `stop()`. */
  readonly dir: string;
  /**
   * Restarts the server (`pg_ctl restart -m <mode> -w`: same port and settings) and resolves once it
   * accepts connections again. Every connection is cut: `fast` terminates sessions (SQLSTATE 57P01)
   * and checkpoints, `immediate` kills the server without a checkpoint (crash recovery on start),
   * `smart` waits for sessions to end.
   */
  restart(mode?: PostgresShutdownMode): Promise<void>;
  /** Stops the server and deletes the directory. */
  stop(): Promise<void>;
}

/** How `pg_ctl` shuts a server down. */
export type PostgresShutdownMode = 'smart' | 'fast' | 'immediate';

const SHUTDOWN_MODES: readonly PostgresShutdownMode[] = ['smart', 'fast', 'immediate'];

/** Options of {@link startScratchPostgres}. */
export interface StartScratchPostgresOptions {
  /**
   * For tests: fsync, full-page writes and synchronous commit off. Without it the server runs at its
   * default settings (benchmarks).
   */
  readonly fast?: boolean;
  /** The server binaries' directory. Default: `findPostgresBinaries()`. */
  readonly binDir?: string;
  /**
   * Where to make the cluster's directory. Default: the temporary directory — or, as root when the
   * `postgres` user cannot reach that one (a `TMPDIR` under `/root`, say), `/tmp`.
   */
  readonly baseDir?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The directory to make the cluster's directory in: `baseDir` when given (it must be reachable by
 * the server's user), else the temporary directory, else `/tmp`.
 */
function clusterBaseDir(baseDir: string | undefined, owner: UserIds | undefined): string {
  if (owner === undefined) return baseDir ?? tmpdir();
  if (baseDir !== undefined) {
    if (!searchableBy(baseDir, owner)) {
      throw new Error(
        `startScratchPostgres: baseDir ${baseDir} cannot be reached by the postgres user (uid ${owner.uid}) the server runs as; give a directory every user can enter (o+x on it and on each directory above it)`,
      );
    }
    return baseDir;
  }
  for (const candidate of [tmpdir(), '/tmp']) {
    if (searchableBy(candidate, owner)) return candidate;
  }
  throw new Error(
    `startScratchPostgres: neither the temporary directory ${tmpdir()} nor /tmp can be reached by the postgres user (uid ${owner.uid}) the server runs as; pass baseDir`,
  );
}

/**
 * Starts a throwaway PostgreSQL cluster: `initdb` and `pg_ctl` in a temporary directory, on a free
 * port of 127.0.0.1, trust authentication, UTF-8 and the C locale. As root it runs as the `postgres`
 * user (`runuser -u postgres`: PostgreSQL refuses to run as root). `stop()` stops the server
 * (immediate shutdown) and deletes the directory; a process that exits without calling it still
 * cleans up.
 *
 * @example
 * const cluster = await startScratchPostgres({ fast: true });
 * const pool = new pg.Pool({ connectionString: cluster.url });
 * …
 * await pool.end();
 * await cluster.stop();
 *
 * @throws Error when there are no server binaries (`ensurePostgresBinaries` installs them), or the
 *   server does not start (with the end of its log).
 */
export async function startScratchPostgres(
  options: StartScratchPostgresOptions = {},
): Promise<ScratchPostgres> {
  let binDir = options.binDir;
  if (binDir === undefined) {
    const found = findPostgresBinaries();
    if (found.binDir === undefined) throw new Error(found.reason);
    binDir = found.binDir;
  }
  const bin = binDir;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let owner: UserIds | undefined;
  if (asRoot) {
    owner = postgresUser();
    if (owner === undefined) {
      throw new Error('running as root, and there is no `postgres` user to run PostgreSQL as');
    }
  }
  const runuser = asRoot ? findRunuser() : 'runuser';
  const dir = mkdtempSync(join(clusterBaseDir(options.baseDir, owner), 'aigo-pg-'));
  if (owner !== undefined) chownSync(dir, owner.uid, owner.gid);
  // In the cluster's directory: the postgres user may not be allowed into this process's.
  const as = (binary: string, args: readonly string[]) =>
    asRoot
      ? runCommand(runuser, ['-u', 'postgres', '--', join(bin, binary), ...args], {
          timeoutMs: COMMAND_TIMEOUT_MS,
          cwd: dir,
        })
      : runCommand(join(bin, binary), args, { timeoutMs: COMMAND_TIMEOUT_MS, cwd: dir });

  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  let started = false;
  const stopSync = () => {
    if (started) {
      try {
        const args = ['-D', data, '-m', 'immediate', 'stop'];
        if (asRoot) {
          execFileSync(runuser, ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], {
            stdio: 'ignore',
            cwd: '/',
          });
        } else {
          execFileSync(join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
        }
      } catch {
        // Already stopped.
      }
    }
    remove();
  };
  process.once('exit', stopSync);

  try {
    await as('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const settings = ['-c listen_addresses=127.0.0.1', `-k ${dir}`];
    if (options.fast) {
      settings.push('-c fsync=off', '-c full_page_writes=off', '-c synchronous_commit=off');
    }
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await as('pg_ctl', [
          '-D',
          data,
          '-l',
          log,
          '-w',
          '-t',
          '60',
          '-o',
          `-p ${port} ${settings.join(' ')}`,
          'start',
        ]);
        started = true;
        break;
      } catch (error) {
        // Another process may have taken the port between freePort() and the start: try another.
        if (attempt >= 3) {
          const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
          throw new Error(`${error instanceof Error ? error.message : error}\n${tail}`);
        }
      }
    }
    const version = (
      await runCommand(join(bin, 'postgres'), ['--version'], { timeoutMs: COMMAND_TIMEOUT_MS })
    ).trim();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      host: '127.0.0.1',
      port,
      binDir: bin,
      version,
      dir,
      async restart(mode: PostgresShutdownMode = 'fast') {
        if (!SHUTDOWN_MODES.includes(mode)) {
          throw new ValidationError('mode', `must be one of ${SHUTDOWN_MODES.join(', ')}`);
        }
        if (!started) throw new Error('the scratch cluster was stopped');
        await as('pg_ctl', ['-D', data, '-l', log, '-m', mode, '-w', '-t', '60', 'restart']);
      },
      async stop() {
        process.removeListener('exit', stopSync);
        try {
          if (started) await as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
          started = false;
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw error;
  }
}
