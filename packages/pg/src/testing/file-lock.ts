import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

/** A lock this process holds on a file; `release()` frees it (idempotent). */
export interface HeldFileLock {
  release(): void;
}

/** Options of {@link lockFile}. */
export interface LockFileOptions {
  /** The `flock` program (util-linux). */
  readonly flock: string;
  /** A shared lock (several holders at once; none while an exclusive one is held). Default exclusive. */
  readonly shared?: boolean;
  /** Give up after this many seconds (`flock -w`); `0`: do not wait at all (`flock -n`). */
  readonly waitSeconds: number;
  readonly env?: NodeJS.ProcessEnv;
}

/** Opens (creating) the lock file; read-only when another user made it (a lock needs no write access). */
function openForLock(path: string): number {
  try {
    return openSync(path, 'a', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    return openSync(path, 'r');
  }
}

/**
 * Takes a `flock(2)` lock on `path` (created when missing) and keeps it until `release()` or until
 * this process ends — the kernel frees it then, so a crashed test run never leaves a stale lock.
 *
 * Node has no `flock`, so the `flock` program takes it for us on a file descriptor this process
 * opened and passes down (`flock -w <s> 3`): the lock belongs to the open file, which stays open here
 * after `flock` exits. Closing it releases the lock. (The descriptor is close-on-exec, so the
 * programs this process starts later, apt-get say, do not keep it.)
 *
 * @returns the held lock, or `undefined` when it could not be had within `waitSeconds`.
 * @throws Error when `flock` fails otherwise (no such program, a path it cannot open).
 */
export async function lockFile(
  path: string,
  options: LockFileOptions,
): Promise<HeldFileLock | undefined> {
  const fd = openForLock(path);
  const wait = options.waitSeconds > 0 ? ['-w', String(options.waitSeconds)] : ['-n'];
  const args = [...(options.shared ? ['-s'] : ['-x']), ...wait, '-E', '75', '3'];
  let status: number | null;
  try {
    status = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(options.flock, args, {
        stdio: ['ignore', 'ignore', 'pipe', fd],
        env: options.env ?? process.env,
      });
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      child.once('error', reject);
      child.once('close', (code) => {
        if (code === 0 || code === 75) resolve(code);
        else
          reject(
            new Error(
              `${options.flock} ${args.join(' ')} on ${path} failed (exit ${code}): ${stderr.trim()}`,
            ),
          );
      });
    });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (status !== 0) {
    closeSync(fd);
    return undefined;
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      closeSync(fd);
    },
  };
}
