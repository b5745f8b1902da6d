import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

/** A user's ids. */
export interface UserIds {
  readonly uid: number;
  readonly gid: number;
}

/** The `postgres` user (which the Debian package creates), or undefined when there is none. */
export function postgresUser(): UserIds | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * `runuser` (util-linux): on `PATH`, else in `/usr/sbin` or `/sbin` — a root shell's `PATH` has
 * them, but a tool that starts the tests may have left them off.
 */
export function findRunuser(env: NodeJS.ProcessEnv = process.env): string {
  const dirs = [...(env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/bin', '/bin'];
  for (const dir of dirs) {
    if (dir && existsSync(join(dir, 'runuser'))) return join(dir, 'runuser');
  }
  return 'runuser';
}

/**
 * Whether `user` can reach `path`: every directory from the root down to it searchable by the user
 * (its owner with `u+x`, its group with `g+x`, or anyone with `o+x`). Supplementary groups are not
 * looked at, so a `false` may be too careful, never too hopeful.
 */
export function searchableBy(path: string, user: UserIds): boolean {
  let dir = resolve(path);
  for (;;) {
    let mode: number;
    let uid: number;
    let gid: number;
    try {
      ({ mode, uid, gid } = statSync(dir));
    } catch {
      return false;
    }
    const bit = uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001;
    if (user.uid !== 0 && (mode & bit) === 0) return false;
    const parent = dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}
