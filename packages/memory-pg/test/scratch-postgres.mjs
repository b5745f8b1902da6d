// A throwaway PostgreSQL cluster for tests and benchmarks (plain ESM, so the benchmark can run it on
// Node 20 without a build): initdb + pg_ctl in a temporary directory, on a free port of 127.0.0.1,
// as the `postgres` user when running as root (PostgreSQL refuses to run as root). stop() stops the
// server and deletes the directory; a process that exits without calling it still cleans up.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const COMMAND_TIMEOUT_MS = 60_000;

/**
 * Finds the PostgreSQL server binaries (`initdb`, `pg_ctl`, `postgres`): `PG_BIN_DIR`, the newest
 * `/usr/lib/postgresql/<version>/bin` (Debian, Ubuntu), then `PATH`.
 *
 * @returns {{ binDir: string } | { binDir: undefined, reason: string }}
 */
export function findPostgresBinaries() {
  const has = (dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(join(dir, name)));
  const candidates = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join(debian, version, 'bin'));
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir) candidates.push(dir);
  const binDir = candidates.find(has);
  return binDir === undefined
    ? {
        binDir: undefined,
        reason:
          'no PostgreSQL server binaries (initdb, pg_ctl, postgres) in PG_BIN_DIR, /usr/lib/postgresql/*/bin or PATH',
      }
    : { binDir };
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: COMMAND_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (error) {
        const output = `${stdout}${stderr}`.trim();
        reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${output}`));
      } else {
        resolve(`${stdout}`);
      }
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function postgresUser() {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * Starts a scratch cluster.
 *
 * @param {{ fast?: boolean }} [options] `fast` (tests): fsync, full-page writes and synchronous
 *   commit off. Without it the server runs at its default settings (benchmarks).
 * @returns {Promise<{ url: string, host: string, port: number, binDir: string, version: string, dir: string, stop: () => Promise<void> }>}
 */
export async function startScratchPostgres(options = {}) {
  const found = findPostgresBinaries();
  if (found.binDir === undefined) throw new Error(found.reason);
  const { binDir } = found;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let owner;
  if (asRoot) {
    owner = postgresUser();
    if (owner === undefined) {
      throw new Error('running as root, and there is no `postgres` user to run PostgreSQL as');
    }
  }
  const as = (binary, args) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(binDir, binary), ...args])
      : run(join(binDir, binary), args);

  const dir = mkdtempSync(join(tmpdir(), 'aigo-pg-'));
  if (owner !== undefined) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  let started = false;
  const stopSync = () => {
    if (started) {
      try {
        const args = ['-D', data, '-m', 'immediate', 'stop'];
        if (asRoot)
          execFileSync('runuser', ['-u', 'postgres', '--', join(binDir, 'pg_ctl'), ...args], {
            stdio: 'ignore',
          });
        else execFileSync(join(binDir, 'pg_ctl'), args, { stdio: 'ignore' });
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
    if (options.fast)
      settings.push('-c fsync=off', '-c full_page_writes=off', '-c synchronous_commit=off');
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
    const version = (await run(join(binDir, 'postgres'), ['--version'])).trim();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      host: '127.0.0.1',
      port,
      binDir,
      version,
      dir,
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
